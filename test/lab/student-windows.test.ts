// A lab station's window is a student's window (docs/lab.md): only the controls the lab file
// gives its student, refused on the server side of its real WebSocket bridge; and the
// instructor's hidden faults survive every scene change, reset or restore the window or the
// station's control API can make, with the fault log naming who took one off.
import { afterEach, describe, expect, it } from 'vitest';
import { STUDENT_CONTROLS, studentRefusal, type UiRestrictions } from '../../shared/lab/restrictions.js';
import { parseLabFile } from '../../shared/lab/lab-file.js';
import type { Lab, LabOptions, LabStation } from '../../main/lab/start-lab.js';
import { uiWebSocketTransport } from '../support/bridge-transports.js';
import { rawRequest } from '../support/http-client.js';
import { act, RENDERER_DIR, startTestLab } from './support.js';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function lab(stations: LabOptions['stations']): Promise<Lab> {
  const started = await startTestLab({ stations, ui: { rendererDir: RENDERER_DIR } });
  open.push(started);
  return started;
}

async function studentWindow(station: LabStation) {
  const { tagsim } = station;
  const url = `ws://127.0.0.1:${tagsim.server.status.port}/ui/ws?token=${tagsim.ui!.token}`;
  const transport = await uiWebSocketTransport(url);
  open.push(transport);
  return transport;
}

/** What a call answered, or the words it was refused with. */
async function outcome(call: Promise<unknown>): Promise<unknown> {
  try {
    return await call;
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
}

const hideHighSensor = (stations: number[] | 'all') => ({
  action: 'applyFault',
  stations,
  fault: { tag: 'High sensor', kind: 'alwaysOn', hidden: true },
});

describe("a lab station's window", () => {
  it('is a student window by default: run and pause only, everything else refused and changed by nothing', async () => {
    const { stations } = await lab([{}, { label: 'Bench 2' }]);
    const station = stations[1]!;
    const { engine } = station.tagsim;
    const window = await studentWindow(station);
    const state = (await window.invoke('getState', undefined)) as { restrictions: UiRestrictions };
    expect(state.restrictions.station).toEqual({ name: 'Lab station 2 (Bench 2)', allowed: ['simulation'] });
    expect(state.restrictions.hideFaultControls).toBe(true);

    const load = engine.tagsNamed('Load')[0]!;
    const before = engine.scene;
    const refusals = {
      scenes: studentRefusal('scenes'),
      editing: studentRefusal('editing'),
      faults: studentRefusal('faults'),
      clock: studentRefusal('clock'),
    };
    const calls: [keyof typeof refusals, string, unknown][] = [
      ['scenes', 'openScene', { builtin: 'Filling Tank', discardChanges: true }],
      ['scenes', 'newScene', { name: 'Mine', discardChanges: true }],
      ['scenes', 'saveSnapshot', undefined],
      ['scenes', 'restoreSnapshot', { text: '{}' }],
      ['editing', 'editScene', { edit: { op: 'deleteTag', id: load.id } }],
      ['editing', 'undoEdit', undefined],
      ['faults', 'force', { id: load.id, value: true }],
      ['faults', 'setFailure', { id: load.id, failure: 'alwaysOn' }],
      ['faults', 'releaseAll', undefined],
      ['faults', 'clearFailures', undefined],
      ['clock', 'setClock', { mode: 'virtual' }],
      ['clock', 'stepClock', undefined],
    ];
    for (const [control, method, args] of calls)
      expect([method, await outcome(window.invoke(method as never, args as never))]).toEqual([
        method,
        { refused: refusals[control] },
      ]);
    expect(engine.scene).toBe(before);
    expect(engine.getTag(load.id)).toMatchObject({ isForced: false, shortCircuit: false });
    expect(station.tagsim.simulation.clock).toBe('real');
    // What it may do, it does: run its plant, set a sensor's value.
    expect(await window.invoke('runSimulation', undefined)).toMatchObject({ state: 'running' });
    expect(await window.invoke('setValue', { id: load.id, value: true })).toBeNull();
  });

  it("without the simulation's controls, refuses a value, force or failure on the tags that run, pause or reset it", async () => {
    const { stations } = await lab([{ studentMode: { allow: ['faults'] } }, {}]);
    const [without, withSimulation] = stations;
    const { engine, simulation } = without!.tagsim;
    const window = await studentWindow(without!);
    const running = simulation.status.state;
    for (const name of ['FACTORY I/O (Pause)', 'FACTORY I/O (Reset)', 'FACTORY I/O (Run)']) {
      const tag = engine.tagsNamed(name).find((t) => t.kind === 'Output')!;
      const refused = {
        refused: `${name} runs, pauses or resets the simulation. ${studentRefusal('simulation')}`,
      };
      for (const [method, args] of [
        ['setValue', { id: tag.id, value: true }],
        ['force', { id: tag.id, value: true }],
        ['release', { id: tag.id }],
        ['setFailure', { id: tag.id, failure: 'alwaysOn' }],
      ] as const)
        expect([name, method, await outcome(window.invoke(method, args as never))]).toEqual([
          name,
          method,
          refused,
        ]);
      expect(engine.getTag(tag.id)).toMatchObject({ value: false, isForced: false, shortCircuit: false });
    }
    expect(simulation.status.state).toBe(running);
    // Other tags stay the student's to set, and so do these where the simulation is theirs.
    const load = engine.tagsNamed('Load')[0]!;
    expect(await window.invoke('setValue', { id: load.id, value: true })).toBeNull();
    const other = withSimulation!.tagsim.engine;
    const pause = other.tagsNamed('FACTORY I/O (Pause)').find((t) => t.kind === 'Output')!;
    expect(
      await (await studentWindow(withSimulation!)).invoke('setValue', { id: pause.id, value: true }),
    ).toBeNull();
    expect(other.getTag(pause.id)).toMatchObject({ value: true });
  });

  it("offers what the lab file allows, per station or for all, in presets' words", () => {
    const file = parseLabFile(
      JSON.stringify({
        studentMode: { allow: ['simulation', 'faults'] },
        controlApi: 'off',
        stations: [{}, { studentMode: { allow: [] }, controlApi: 'student' }],
      }),
    );
    expect(file.stations).toEqual([
      { studentMode: { allow: ['simulation', 'faults'] }, controlApi: 'off' },
      { studentMode: { allow: [] }, controlApi: 'student' },
    ]);
    expect(parseLabFile('{"stations": [{}]}').stations).toEqual([
      { studentMode: { allow: ['simulation'] }, controlApi: 'instructor' },
    ]);
    expect(() =>
      parseLabFile(
        '{"studentMode": {"allow": ["editing", "sceness"]}, "stations": [{"controlApi": "me"}]}',
        'lab.json',
      ),
    ).toThrow(
      /studentMode\.allow\[1\]: must be one of scenes, editing, faults, simulation, clock; got "sceness"[\s\S]*stations\[0\]\.controlApi: must be one of instructor, off, student; got "me"/,
    );
  });

  it('keeps the hidden faults when a student allowed to change scenes opens the same scene again', async () => {
    const started = await lab([{ studentMode: { allow: [...STUDENT_CONTROLS] } }]);
    const { stations, log } = started;
    const station = stations[0]!;
    const { engine } = station.tagsim;
    const window = await studentWindow(station);
    await act(started, hideHighSensor([1]));
    const scene = engine.scene.name;
    expect(await window.invoke('openScene', { builtin: scene, discardChanges: true })).toMatchObject({
      ok: true,
    });
    expect(engine.tagsNamed('High sensor')[0]).toMatchObject({ shortCircuit: true });
    expect(station.hidden.size).toBe(1);
    await window.invoke('resetSimulation', undefined);
    expect(engine.tagsNamed('High sensor')[0]).toMatchObject({ shortCircuit: true });

    // Another scene has no such tag: the fault is gone with it, and the log says who did it.
    expect(await window.invoke('openScene', { builtin: 'Filling Tank', discardChanges: true })).toMatchObject(
      {
        ok: true,
      },
    );
    expect(station.hidden.size).toBe(0);
    expect(log.entries.map((e) => [e.action, e.tag, e.by])).toEqual([
      ['applied', 'High sensor', 'instructor'],
      ['cleared', 'High sensor', "the station's window"],
    ]);
  });
});

describe("a lab station's control API", () => {
  it("is the instructor's: the dashboard's token even on loopback, and a reset keeps the hidden faults", async () => {
    const started = await lab([{}]);
    const station = started.stations[0]!;
    const url = station.tagsim.url!;
    // The student's program, on the same machine, without the instructor's token.
    for (const [method, path, body] of [
      ['POST', '/tagsim/v1/reset', undefined],
      ['POST', '/tagsim/v1/scene', '{"scene": "Filling Tank"}'],
      ['PUT', '/tagsim/v1/state', '{}'],
    ] as const) {
      const refused = await rawRequest(url, method, path, body !== undefined ? { body } : {});
      expect([path, refused.status]).toEqual([path, 401]);
    }
    await act(started, hideHighSensor([1]));
    const auth = { Authorization: `Bearer ${started.dashboard!.token}` };
    const reset = await rawRequest(url, 'POST', '/tagsim/v1/reset', { headers: auth });
    expect(reset.status).toBe(200);
    const state = await rawRequest(url, 'GET', '/tagsim/v1/state', { headers: auth });
    // A state without the fault: restoring it leaves the hidden fault on all the same.
    const unfaulted = state.text.replace(/"failure":\s*"alwaysOn"/, '"failure":"none"');
    expect(unfaulted).not.toBe(state.text);
    const restored = await rawRequest(url, 'PUT', '/tagsim/v1/state', { headers: auth, body: unfaulted });
    expect(restored.status).toBe(200);
    const again = await rawRequest(url, 'POST', '/tagsim/v1/scene', {
      headers: auth,
      body: JSON.stringify({ scene: station.tagsim.engine.scene.name }),
    });
    expect(again.status).toBe(200);
    expect(station.tagsim.engine.tagsNamed('High sensor')[0]).toMatchObject({ shortCircuit: true });
    expect(station.hidden.size).toBe(1);

    const other = await rawRequest(url, 'POST', '/tagsim/v1/scene', {
      headers: auth,
      body: '{"scene": "Filling Tank"}',
    });
    expect(other.status).toBe(200);
    expect(started.log.entries.at(-1)).toMatchObject({
      action: 'cleared',
      tag: 'High sensor',
      by: "the station's control API",
    });
  });

  it('is off, or the student’s as under tagsim serve, when the lab file says so', async () => {
    const started = await lab([{ controlApi: 'off' }, { controlApi: 'student' }]);
    const [off, student] = started.stations;
    const refused = await rawRequest(off!.tagsim.url!, 'POST', '/tagsim/v1/reset', {
      headers: { Authorization: `Bearer ${started.dashboard!.token}` },
    });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('control API is off');
    const free = await rawRequest(student!.tagsim.url!, 'GET', '/tagsim/v1/status');
    expect(free.status).toBe(200);
  });
});
