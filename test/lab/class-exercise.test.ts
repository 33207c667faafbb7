// `tagsim class` over labs that run an exercise (docs/deploy.md): the class view's listing names
// the exercise and every station's grade in the class's numbers, its exercise actions reach each
// station's own lab, and the page's one-line summary counts the class. Two real labs on
// 127.0.0.1, the class view started by the real CLI; everything over HTTP.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../main/cli/run-cli.js';
import { loadExercise } from '../../main/exercise/exercise-setup.js';
import type { Lab } from '../../main/lab/start-lab.js';
import type { GradedLabOverview } from '../../shared/exercise/exercise-overview.js';
import { exerciseSummary } from '../../shared/exercise/exercise-summary.js';
import { rawRequest } from '../support/http-client.js';
import { RENDERER_DIR, startTestLab, until } from './support.js';

const CLASS_TOKEN = 'the-class-view-token-43';
const dir = mkdtempSync(join(tmpdir(), 'tagsim-class-exercise-'));
const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));

/** Two seconds of From A to B, passed by the criterion met at once (10 of 15 points, 10 to pass). */
const EXERCISE = {
  format: 'tagsim-exercise',
  version: 1,
  name: 'Two seconds',
  task: 'Move the boxes.',
  scene: 'From A to B (Set and Reset)',
  timeLimitMs: 2000,
  passMark: 10,
  criteria: [
    { name: 'Starts', points: 10, reach: { always: true } },
    { name: 'Box at B', points: 5, reach: { items: { exit: 'belt' }, ge: 99 } },
  ],
};

/** Starts `tagsim class` over these labs with the real CLI; resolves with the view's address and its stop. */
async function classView(labs: readonly Lab[], token: string) {
  const out: string[] = [];
  let stop!: (signal: string) => void;
  const classFile = {
    labs: labs.map((lab, i) => ({
      name: `room-${i + 1}`,
      url: lab.dashboard!.url,
      tokenFile: file(`token-${token}-${i}`, lab.dashboard!.token),
      stations: lab.stations.length,
    })),
  };
  const io = {
    out: (l: string) => out.push(l),
    err: () => undefined,
    stopRequested: new Promise<string>((resolve) => (stop = resolve)),
    version: '9.9.9',
    rendererDir: RENDERER_DIR,
  };
  const args = ['class', '--labs', file(`class-${token}.json`, JSON.stringify(classFile))];
  const running = runCli([...args, '--port', '0', '--token-file', file(`t-${token}`, token)], io);
  await until(() => out.some((l) => l.startsWith('Class view: ')), 10_000);
  const url = /^Class view: (http:\S+)\/\?token=/.exec(out.at(-1)!)![1]!;
  return { url, close: async () => (stop('SIGTERM'), running) };
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tagsim class over labs that run an exercise', () => {
  const labs: Lab[] = [];
  let view!: Awaited<ReturnType<typeof classView>>;

  beforeAll(async () => {
    const exerciseFile = file('two.tagsim-exercise.json', JSON.stringify(EXERCISE));
    for (const count of [2, 1])
      labs.push(
        await startTestLab({
          stations: Array.from({ length: count }, () => ({})),
          simulation: { startRunning: true, timeScale: 4 },
          exercise: { setup: await loadExercise(exerciseFile), folder: dir },
        }),
      );
    view = await classView(labs, CLASS_TOKEN);
  });

  afterAll(async () => {
    expect(await view.close()).toBe(0);
    await Promise.all(labs.map((lab) => lab.close()));
  });

  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    rawRequest(view.url, method, path, {
      headers: { Authorization: `Bearer ${CLASS_TOKEN}` },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  const listing = async () => (await call('GET', '/api/stations')).json as GradedLabOverview;

  it('stops a station through its own lab, and lists every grade, ended or stopped, in the class numbers', async () => {
    const stopped = await call('POST', '/api/exercise/actions', { action: 'stop', stations: [3] });
    expect([stopped.status, stopped.json]).toEqual([200, { results: [{ station: 3, ok: true }] }]);
    expect(labs.map((lab) => lab.exercise!.stations.map((s) => s.grade?.status))).toEqual([
      ['running', 'running'],
      ['stopped'],
    ]);
    await until(() => labs[0]!.exercise!.stations.every((s) => s.grade?.status === 'ended'), 10_000);

    const listed = await listing();
    expect(listed.exercise).toMatchObject({ name: 'Two seconds', passMark: 10, totalPoints: 15 });
    expect(listed.stations.map((s) => [s.number, s.grade?.status, s.grade?.points, s.grade?.passed])).toEqual(
      [
        [1, 'ended', 10, true],
        [2, 'ended', 10, true],
        [3, 'stopped', 10, undefined],
      ],
    );
    expect(listed.stations.every((s) => (s.grade?.timeMs ?? 0) > 0)).toBe(true);
    // The summary line the class view's page shows above the grades.
    expect(exerciseSummary(listed.stations)).toBe('2 of 3 stations passed · 2 ended · 1 stopped');
  });

  it('leaves the class report to each lab, and refuses a bad exercise action whole', async () => {
    const report = await call('GET', '/api/exercise/report.csv');
    expect([report.status, (report.json as { error: string }).error]).toEqual([
      400,
      "Fault schedules, fault logs and class reports are each lab's: use that lab's own dashboard.",
    ]);
    const bad = await call('POST', '/api/exercise/actions', { action: 'grade', stations: 'all' });
    expect(bad.status).toBe(400);
    expect(labs[1]!.exercise!.stations[0]!.grade?.status).toBe('stopped');
  });
});

describe('tagsim class over labs that run different exercises', () => {
  it('shows no grade table: no one exercise fits both labs', async () => {
    const other = { ...EXERCISE, name: 'Another task' };
    const labs: Lab[] = [];
    for (const exercise of [EXERCISE, other])
      labs.push(
        await startTestLab({
          stations: [{}],
          simulation: { startRunning: true },
          exercise: {
            setup: await loadExercise(file(`${exercise.name}.json`, JSON.stringify(exercise))),
            folder: dir,
          },
        }),
      );
    const token = 'the-class-view-token-of-two-tasks';
    const view = await classView(labs, token);
    try {
      const listed = await rawRequest(view.url, 'GET', '/api/stations', {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(listed.status).toBe(200);
      expect(listed.json).not.toHaveProperty('exercise');
      expect((listed.json as GradedLabOverview).stations).toHaveLength(2);
    } finally {
      expect(await view.close()).toBe(0);
      await Promise.all(labs.map((lab) => lab.close()));
    }
  });
});
