// `tagsim lab --exercise`: every station runs the exercise, graded live; the dashboard shows each
// station's grade and lets the instructor start, stop and restart it; the class report is kept
// in the lab's folder; each student's window reads its own task and progress (nothing of the
// hidden fault) over its real WebSocket, and downloads its own report.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ExerciseReportFile } from '../../shared/bridge/exercise-spec.js';
import type { GradedLabOverview } from '../../shared/exercise/exercise-overview.js';
import type { StudentExercise } from '../../shared/exercise/student-view.js';
import { parseCli } from '../../main/cli/parse-cli.js';
import { loadExercise } from '../../main/exercise/exercise-setup.js';
import type { Lab } from '../../main/lab/start-lab.js';
import { LabStartError } from '../../main/lab/station-scenes.js';
import { uiWebSocketTransport } from '../support/bridge-transports.js';
import { apiClient } from '../support/http-client.js';
import { dashboardRequest, RENDERER_DIR, startTestLab } from './support.js';

const dir = mkdtempSync(join(tmpdir(), 'tagsim-exercise-lab-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** An exercise of From A to B (Set and Reset): one criterion met at once, one never, a hidden fault at once. */
function exerciseFile(name: string, timeLimitMs = 600_000): string {
  const path = join(dir, `${name}.tagsim-exercise.json`);
  writeFileSync(
    path,
    JSON.stringify({
      format: 'tagsim-exercise',
      version: 1,
      name,
      task: 'Move the boxes.',
      scene: 'From A to B (Set and Reset)',
      timeLimitMs,
      passMark: 10,
      faults: [{ name: 'Ghost at B', at: 0, fault: { tag: 'Sensor B', kind: 'alwaysOff', hidden: true } }],
      criteria: [
        { name: 'Starts', points: 10, reach: { always: true } },
        { name: 'Box at B', points: 5, reach: { items: { exit: 'belt' }, ge: 1 } },
        {
          name: 'Answers the ghost',
          points: 5,
          after: { fault: 'Ghost at B' },
          withinMs: 1000,
          expect: { tag: 'Conveyor', equals: true },
        },
      ],
    }),
  );
  return path;
}

async function gradedLab(name: string, options: { timeLimitMs?: number; timeScale?: number } = {}) {
  const folder = join(dir, `${name}-results`);
  const setup = await loadExercise(exerciseFile(name, options.timeLimitMs));
  const lab = await startTestLab({
    stations: [{}, { label: 'Bench 2' }, {}],
    ui: { rendererDir: RENDERER_DIR },
    simulation: { startRunning: true, ...(options.timeScale ? { timeScale: options.timeScale } : {}) },
    exercise: { setup, folder },
  });
  open.push(lab);
  return { lab, folder };
}

async function overview(lab: Lab): Promise<GradedLabOverview> {
  return (await dashboardRequest(lab, 'GET', '/api/stations')).json as GradedLabOverview;
}

async function exerciseAction(lab: Lab, action: unknown) {
  const res = await dashboardRequest(lab, 'POST', '/api/exercise/actions', { body: JSON.stringify(action) });
  return { status: res.status, body: res.json };
}

describe('tagsim lab --exercise', () => {
  it('takes the exercise and where its report goes, and refuses what does not go with it', () => {
    expect(parseCli(['lab', '--stations', '2', '--exercise', 'ex.json', '--results', 'out'])).toMatchObject({
      command: 'lab',
      exercise: { choice: 'ex.json', results: 'out' },
    });
    expect(() => parseCli(['lab', '--stations', '2', '--exercise', 'x', '--scene', 'Filling Tank'])).toThrow(
      "--exercise sets every station's scene: leave out --scene",
    );
    expect(() => parseCli(['lab', '--stations', '2', '--results', 'out'])).toThrow(
      '--results is where an exercise keeps its report: give --exercise too',
    );
  });

  it('starts every station on it: the scene, the hidden fault, a grade per station on the dashboard', async () => {
    const { lab } = await gradedLab('Starts');
    await expect
      .poll(async () => (await overview(lab)).stations.map((s) => s.grade?.criteria[0]?.state))
      .toEqual(['met', 'met', 'met']);
    const view = await overview(lab);
    expect(view.exercise).toMatchObject({
      name: 'Starts',
      passMark: 10,
      totalPoints: 20,
      criteria: [
        { name: 'Starts', points: 10, asks: 'reach always' },
        { name: 'Box at B', points: 5, asks: "reach items out at 'belt' >= 1" },
        {
          name: 'Answers the ghost',
          points: 5,
          asks: "within 1 s after the fault 'Ghost at B': Conveyor = true",
        },
      ],
      faults: [{ name: 'Ghost at B', tag: 'Sensor B', hidden: true }],
    });
    for (const station of view.stations) {
      expect(station.scene).toBe('From A to B (Set and Reset)');
      expect(station.grade).toMatchObject({ status: 'running', points: 10 });
      expect(station.faults).toEqual([expect.objectContaining({ name: 'Sensor B', hidden: true })]);
    }
    // The reaction fails in time on every station: nothing writes the conveyor.
    await expect
      .poll(async () => (await overview(lab)).stations.map((s) => s.grade?.criteria[2]?.state), {
        timeout: 5000,
      })
      .toEqual(['failed', 'failed', 'failed']);
    expect((await overview(lab)).stations[0]!.grade!.criteria[2]).toEqual({
      state: 'failed',
      atMs: 1000,
      reason: "not within 1 s of the fault 'Ghost at B' (at 0 ms): Conveyor = true; then Conveyor = false",
    });
  });

  it("logs the student's client taking the exercise's fault off, as an instructor's fault", async () => {
    const { lab } = await gradedLab('Cleared');
    const [one] = lab.stations;
    await expect.poll(() => one!.hidden.size).toBe(1);
    await apiClient(one!.tagsim.url!).put('/api/tag/values-alwaysoff/by-name', [
      { name: 'Sensor B', value: false },
    ]);
    expect(lab.log.entries.filter((e) => e.station === 1).map((e) => [e.action, e.tag, e.by])).toEqual([
      ['applied', 'Sensor B', 'Ghost at B'],
      ['cleared', 'Sensor B', "the station's client"],
    ]);
    // It is no longer hidden from the student.
    expect(one!.hidden.size).toBe(0);
  });

  it('lets the instructor stop, start and restart it for one station or all', async () => {
    const { lab } = await gradedLab('Actions');
    expect(await exerciseAction(lab, { action: 'stop', stations: [2] })).toEqual({
      status: 200,
      body: { results: [{ station: 2, ok: true }] },
    });
    let view = await overview(lab);
    expect(view.stations.map((s) => s.grade?.status)).toEqual(['running', 'stopped', 'running']);
    expect(view.stations[1]!.grade!.endReason).toBe('stopped by the instructor');
    // The exercise's hidden fault came off the stopped station only.
    expect(view.stations.map((s) => s.faults.length)).toEqual([1, 0, 1]);
    expect(await exerciseAction(lab, { action: 'start', stations: 'all' })).toEqual({
      status: 200,
      body: {
        results: [
          { station: 1, ok: false, error: 'the exercise is running there; restart it to start over' },
          { station: 2, ok: true },
          { station: 3, ok: false, error: 'the exercise is running there; restart it to start over' },
        ],
      },
    });
    const before = (await overview(lab)).stations[0]!.grade!.startedAt;
    expect((await exerciseAction(lab, { action: 'restart', stations: [1] })).body).toEqual({
      results: [{ station: 1, ok: true }],
    });
    view = await overview(lab);
    expect(view.stations.map((s) => s.grade?.status)).toEqual(['running', 'running', 'running']);
    expect(view.stations[0]!.grade!.startedAt).toBeGreaterThanOrEqual(before);
    expect(await exerciseAction(lab, { action: 'finish', stations: [9] })).toEqual({
      status: 400,
      body: {
        code: 400,
        error: 'The action has problems: action: must be one of start, stop, restart; got "finish"',
      },
    });
    expect((await exerciseAction(lab, { action: 'stop', stations: [4] })).body).toEqual({
      code: 400,
      error: 'The action has problems: stations: there is no station 4; this lab has 3',
    });
  });

  it('looks at an idle station only when something changed there or a decision is due', async () => {
    const { lab } = await gradedLab('Idle');
    const looks = () => lab.exercise!.stations.map((s) => s.looks);
    // Past the reaction's second (the fault went on at 0): nothing is due before the time limit.
    await expect
      .poll(() => lab.exercise!.stations.map((s) => s.grade!.criteria[2]!.state))
      .not.toContain('pending');
    const before = looks();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // About 50 ticks of each simulation (nothing moves with no controller): none looked at.
    expect(looks()).toEqual(before);
    await apiClient(lab.stations[1]!.tagsim.url!).put('/api/tag/values/by-name', [
      { name: 'Conveyor', value: true },
    ]);
    await expect.poll(() => looks()[1]).toBeGreaterThan(before[1]!);
    expect(looks()[0]).toBe(before[0]);
  });

  it('keeps the class report in the lab folder: written when the exercises end, and on demand', async () => {
    // 2 s of exercise time at 8x: it ends in a quarter of a second.
    const { lab, folder } = await gradedLab('Short', { timeLimitMs: 2000, timeScale: 8 });
    const csvPath = join(folder, 'Short results.csv');
    await expect.poll(() => existsSync(csvPath), { timeout: 10_000 }).toBe(true);
    const rows = readFileSync(csvPath, 'utf8').trimEnd().split('\r\n');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(/^station,label,exercise,status,end_reason,passed,points,/);
    expect(rows[2]).toMatch(/^2,Bench 2,Short,ended,time limit,yes,10,10,20,2\.00,/);
    expect(rows[2]).toMatch(/applied Sensor B Always Off \(hidden\) by Ghost at B/);
    const saved = await dashboardRequest(lab, 'POST', '/api/exercise/report');
    expect(saved.json).toEqual({
      files: { csv: csvPath, html: join(folder, 'Short results.html') },
    });
    const html = await dashboardRequest(lab, 'GET', '/api/exercise/report.html');
    expect(html.headers['content-disposition']).toBe('attachment; filename="Short results.html"');
    expect(html.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(html.text).toContain('<h2>Station 2: Bench 2</h2>');
    const csv = await dashboardRequest(lab, 'GET', '/api/exercise/report.csv');
    expect(csv.text.trimEnd().split('\r\n')).toHaveLength(4);
  });

  it('shows each student their task and progress, and their own report, without the hidden fault', async () => {
    const { lab } = await gradedLab('Student');
    const { tagsim } = lab.stations[1]!;
    const window = await uiWebSocketTransport(
      `ws://127.0.0.1:${tagsim.server.status.port}/ui/ws?token=${tagsim.ui!.token}`,
    );
    open.push(window);
    const events: unknown[] = [];
    window.subscribe((message) => message.event === 'exercise' && events.push(message.payload));
    await expect
      .poll(
        async () => ((await window.invoke('getExercise', undefined)) as StudentExercise).criteria[0]!.state,
      )
      .toBe('met');
    const view = (await window.invoke('getExercise', undefined)) as StudentExercise;
    expect(view).toMatchObject({
      name: 'Student',
      task: 'Move the boxes.',
      status: 'running',
      points: 10,
      criteria: [
        { name: 'Starts', state: 'met' },
        { name: 'Box at B', state: 'pending' },
        // Failed on the server: shown as not yet until the exercise is over.
        { name: 'Answers the ghost', state: 'pending' },
      ],
    });
    await expect.poll(() => events.length, { timeout: 3000 }).toBeGreaterThan(0);
    const report = (await window.invoke('exerciseReport', { format: 'html' })) as ExerciseReportFile;
    expect(report.fileName).toBe('Student station 2.html');
    for (const text of [JSON.stringify(view), JSON.stringify(events), report.text]) {
      expect(text).not.toContain('Ghost');
      expect(text).not.toContain('Sensor B');
    }
    // Nothing a window sends starts, stops or changes it.
    await expect(window.invoke('exerciseReport', { format: 'pdf' })).rejects.toThrow(/format/);
    expect((await overview(lab)).stations[1]!.grade!.status).toBe('running');
  });

  it('answers 404 to the exercise routes of a lab without one, and refuses a station with its own scene', async () => {
    const lab = await startTestLab();
    open.push(lab);
    const res = await dashboardRequest(lab, 'GET', '/api/exercise');
    expect([res.status, res.json]).toEqual([
      404,
      { code: 404, error: 'This lab runs no exercise: start it with tagsim lab --exercise <file>.' },
    ]);
    expect((await overview(lab)).exercise).toBeUndefined();
    const setup = await loadExercise(exerciseFile('Scene'));
    await expect(
      startTestLab({
        stations: [{}, { scene: { builtin: 'Filling Tank' } }],
        exercise: { setup, folder: dir },
      }),
    ).rejects.toThrow(LabStartError);
    await expect(
      startTestLab({
        stations: [{}, { scene: { builtin: 'Filling Tank' } }],
        exercise: { setup, folder: dir },
      }),
    ).rejects.toThrow(
      'station 2: the exercise sets every station\'s scene ("From A to B (Set and Reset)"); name no other',
    );
  });
});
