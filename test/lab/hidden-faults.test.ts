// Hidden faults end to end: the API acts on them as on any fault, the student's window (its
// real WebSocket bridge) does not see them, and the instructor's dashboard does.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeEventMessage, TagsEvent } from '../../shared/bridge/bridge-spec.js';
import type { TagState } from '../../shared/core/tag-types.js';
import { STUDENT_CONTROLS } from '../../shared/lab/restrictions.js';
import type { InstructorTag } from '../../shared/lab/lab-views.js';
import type { Lab, LabStation } from '../../main/lab/start-lab.js';
import { uiWebSocketTransport } from '../support/bridge-transports.js';
import { apiClient } from '../support/http-client.js';
import { act, dashboardRequest, RENDERER_DIR, startTestLab } from './support.js';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function labWithWindows(): Promise<Lab> {
  // Students who may do everything: the hidden faults, not the student mode, keep them away.
  const everything = { studentMode: { allow: [...STUDENT_CONTROLS] } };
  const lab = await startTestLab({ stations: [everything, everything], ui: { rendererDir: RENDERER_DIR } });
  open.push(lab);
  return lab;
}

/** The student's window of a station: its WebSocket bridge, and every tag event it was sent. */
async function studentWindow(station: LabStation) {
  const { tagsim } = station;
  const port = tagsim.server.status.port;
  const transport = await uiWebSocketTransport(`ws://127.0.0.1:${port}/ui/ws?token=${tagsim.ui!.token}`);
  open.push(transport);
  const seen: TagState[] = [];
  transport.subscribe((message: BridgeEventMessage) => {
    if (message.event === 'tags') seen.push(...(message.payload as TagsEvent).tags);
  });
  const tags = async () => ((await transport.invoke('getState', undefined)) as { tags: TagState[] }).tags;
  return { transport, seen, tags };
}

const named = (tags: readonly TagState[], name: string) => tags.find((t) => t.name === name)!;
const revealsFault = (t: TagState) => t.isForced || t.openCircuit || t.shortCircuit;

describe('hidden faults', () => {
  it("act over the API as any fault, while the student's window shows the tags as if unfaulted", async () => {
    const lab = await labWithWindows();
    const [one] = lab.stations;
    const window = await studentWindow(one!);
    await act(lab, {
      action: 'applyFault',
      stations: [1],
      fault: { tag: 'High sensor', kind: 'alwaysOn', hidden: true },
    });
    await act(lab, {
      action: 'applyFault',
      stations: [1],
      fault: { tag: 'Load', kind: 'force', value: true, hidden: true },
    });

    // The student's program reads the faults over the API.
    const api = apiClient(one!.tagsim.url!);
    const fromApi = (await api.get('/api/tags')).json as TagState[];
    expect(named(fromApi, 'High sensor')).toMatchObject({ shortCircuit: true, value: true });
    expect(named(fromApi, 'Load')).toMatchObject({ isForced: true, forcedValue: true, value: true });

    // The window: no force, no failure, the plant's own values; in its state and in every push.
    const shown = await window.tags();
    expect(named(shown, 'High sensor')).toMatchObject({
      shortCircuit: false,
      openCircuit: false,
      value: false,
    });
    expect(named(shown, 'Load')).toMatchObject({ isForced: false, value: false });
    await api.put('/api/tag/values/by-name', [
      { name: 'Load', value: false },
      { name: 'Unload', value: true },
    ]);
    await vi.waitFor(() => expect(window.seen.some((t) => t.name === 'Unload')).toBe(true));
    expect(window.seen.filter(revealsFault)).toEqual([]);

    // The instructor sees them, marked hidden.
    const instructor = (await dashboardRequest(lab, 'GET', '/api/stations/1/tags')).json as InstructorTag[];
    expect(named(instructor, 'High sensor')).toMatchObject({ shortCircuit: true, hidden: true });
    expect(named(instructor, 'Load')).toMatchObject({ isForced: true, hidden: true });
  });

  it("are beyond the window's reach: its force, release all and clear all leave them in place, and say nothing", async () => {
    const lab = await labWithWindows();
    const [one] = lab.stations;
    const { engine } = one!.tagsim;
    const window = await studentWindow(one!);
    await act(lab, {
      action: 'applyFault',
      stations: [1],
      fault: { tag: 'Load', kind: 'force', value: true, hidden: true },
    });
    await act(lab, {
      action: 'applyFault',
      stations: [1],
      fault: { tag: 'Unload', kind: 'alwaysOn', hidden: true },
    });
    await act(lab, { action: 'applyFault', stations: [1], fault: { tag: 'Low sensor', kind: 'alwaysOff' } });
    const load = engine.tagsNamed('Load')[0]!;
    // The window's force is taken as on any tag (no tell), but the instructor's force stays on.
    expect(await window.transport.invoke('force', { id: load.id, value: false })).toBeNull();
    expect(named(await window.tags(), 'Load')).toMatchObject({
      isForced: true,
      forcedValue: false,
      value: false,
    });
    expect(engine.getTag(load.id)).toMatchObject({ isForced: true, forcedValue: true, value: true });
    await window.transport.invoke('releaseAll', undefined);
    expect(named(await window.tags(), 'Load')).toMatchObject({ isForced: false });
    await window.transport.invoke('clearFailures', undefined);
    expect(engine.getTag(load.id)).toMatchObject({ isForced: true, forcedValue: true });
    expect(engine.tagsNamed('Unload')[0]).toMatchObject({ shortCircuit: true });
    // The fault the instructor did not hide is the window's to clear.
    expect(engine.tagsNamed('Low sensor')[0]).toMatchObject({ openCircuit: false });

    // A snapshot the window saves does not carry them either.
    const saved = (await window.transport.invoke('saveSnapshot', undefined)) as { ok: true; content: string };
    expect(saved.ok).toBe(true);
    const snapshot = JSON.parse(saved.content) as {
      tags: { name: string; forced: boolean; failure: string }[];
    };
    expect(snapshot.tags.filter((t) => t.name === 'Load' || t.name === 'Unload')).toMatchObject([
      { name: 'Load', forced: false, failure: 'none' },
      { name: 'Unload', forced: false, failure: 'none' },
    ]);
    // Nor does restoring it take them off: a snapshot is no side door around a hidden fault.
    const restored = await window.transport.invoke('restoreSnapshot', { text: saved.content });
    expect(restored).toMatchObject({ ok: true });
    expect(engine.getTag(load.id)).toMatchObject({ isForced: true, forcedValue: true });
    expect(engine.tagsNamed('Unload')[0]).toMatchObject({ shortCircuit: true });
  });

  it('show again once cleared, and a fault not hidden shows as usual', async () => {
    const lab = await labWithWindows();
    const [one, two] = lab.stations;
    const first = await studentWindow(one!);
    const second = await studentWindow(two!);
    await act(lab, {
      action: 'applyFault',
      stations: 'all',
      fault: { tag: 'High sensor', kind: 'alwaysOn', hidden: true },
    });
    await act(lab, {
      action: 'applyFault',
      stations: [2],
      fault: { tag: 'High sensor', kind: 'alwaysOn', hidden: false },
    });
    expect(named(await first.tags(), 'High sensor').shortCircuit).toBe(false);
    expect(named(await second.tags(), 'High sensor').shortCircuit).toBe(true);

    await act(lab, { action: 'clearFault', stations: [1], tag: 'High sensor', kind: 'alwaysOn' });
    await act(lab, { action: 'applyFault', stations: [1], fault: { tag: 'High sensor', kind: 'alwaysOff' } });
    await vi.waitFor(() =>
      expect(first.seen.some((t) => t.name === 'High sensor' && t.openCircuit)).toBe(true),
    );
    expect(one!.hidden.size).toBe(0);
  });

  it("stop hiding a tag once the student's program takes the fault off, and the report says so", async () => {
    const lab = await labWithWindows();
    const [one] = lab.stations;
    const window = await studentWindow(one!);
    const student = apiClient(one!.tagsim.url!);
    await act(lab, {
      action: 'applyFault',
      stations: [1],
      fault: { tag: 'High sensor', kind: 'alwaysOn', hidden: true },
    });
    // The student's program clears the failure itself, then forces the tag: its own fault.
    await student.put('/api/tag/values-alwayson/by-name', [{ name: 'High sensor', value: false }]);
    expect(one!.hidden.size).toBe(0);
    await student.put('/api/tag/values-force/by-name', [{ name: 'High sensor', value: true }]);
    expect(named(await window.tags(), 'High sensor')).toMatchObject({ isForced: true, value: true });
    const overview = (await dashboardRequest(lab, 'GET', '/api/stations')).json as {
      stations: { faults: { name: string; hidden: boolean }[] }[];
    };
    expect(overview.stations[0]!.faults).toEqual([
      expect.objectContaining({ name: 'High sensor', hidden: false }),
    ]);
    // The log knows the instructor's fault ended, and who ended it.
    expect(lab.log.entries.map((e) => [e.action, e.tag, e.by])).toEqual([
      ['applied', 'High sensor', expect.any(String)],
      ['cleared', 'High sensor', "the station's client"],
    ]);
  });

  it("log every change the student's client makes to an instructor's fault: replaced, cleared, defeated", async () => {
    const lab = await labWithWindows();
    const [one] = lab.stations;
    const { engine } = one!.tagsim;
    const window = await studentWindow(one!);
    const student = apiClient(one!.tagsim.url!);
    const fault = (f: object) => act(lab, { action: 'applyFault', stations: [1], fault: f });
    await fault({ tag: 'Conveyor entry', kind: 'force', value: false, hidden: true });
    await fault({ tag: 'Load', kind: 'force', value: true, hidden: true });
    await fault({ tag: 'High sensor', kind: 'alwaysOn', hidden: true });
    await fault({ tag: 'Unload', kind: 'force', value: true });
    const rows = () =>
      lab.log.entries
        .filter((e) => e.by === "the station's client")
        .map((e) => [e.action, e.tag, e.kind, e.value, e.hidden]);

    // Replaced: the student's program forces the hidden force's tag to another value.
    expect(
      (await student.put('/api/tag/values-force/by-name', [{ name: 'Conveyor entry', value: true }])).json,
    ).toEqual([]);
    // Defeated: a failure over the instructor's force, which a failure wins over.
    expect(
      (await student.put('/api/tag/values-alwaysoff/by-name', [{ name: 'Load', value: true }])).json,
    ).toEqual([]);
    // Replaced: the other failure; and a force not hidden, released.
    expect(
      (await student.put('/api/tag/values-alwaysoff/by-name', [{ name: 'High sensor', value: true }])).json,
    ).toEqual([]);
    expect((await student.put('/api/tag/values-release/by-name', ['Unload'])).json).toEqual([]);
    expect(rows()).toEqual([
      ['replaced', 'Conveyor entry', 'force', false, true],
      ['defeated', 'Load', 'force', true, true],
      ['replaced', 'High sensor', 'alwaysOn', undefined, true],
      ['cleared', 'Unload', 'force', undefined, false],
    ]);
    // A replaced fault is the student's own now: shown in their window and listed as not hidden;
    // the defeated force is still the instructor's, hidden.
    expect(named(await window.tags(), 'Conveyor entry')).toMatchObject({ isForced: true, forcedValue: true });
    expect(named(await window.tags(), 'High sensor')).toMatchObject({ openCircuit: true });
    const overview = (await dashboardRequest(lab, 'GET', '/api/stations')).json as {
      stations: { faults: { name: string; hidden: boolean }[] }[];
    };
    expect(overview.stations[0]!.faults.map((f) => `${f.name} ${f.hidden}`).sort()).toEqual([
      'Conveyor entry false',
      'High sensor false',
      'Load true',
    ]);

    // Said once: the same write again changes nothing, and the student's own faults are theirs.
    await student.put('/api/tag/values-alwaysoff/by-name', [{ name: 'Load', value: true }]);
    await student.put('/api/tag/values-force/by-name', [{ name: 'Conveyor entry', value: false }]);
    expect(rows()).toHaveLength(4);
    // The failure goes, the instructor's force acts again; the program releases it: cleared.
    await student.put('/api/tag/values-alwaysoff/by-name', [{ name: 'Load', value: false }]);
    expect(engine.tagsNamed('Load')[0]).toMatchObject({ isForced: true, value: true });
    await student.put('/api/tag/values-release/by-name', ['Load']);
    expect(rows().at(-1)).toEqual(['cleared', 'Load', 'force', undefined, true]);
    expect(one!.hidden.size).toBe(0);

    // The instructor's own changes are no client's: put on again, cleared, nothing logged for the client.
    await fault({ tag: 'Load', kind: 'force', value: false, hidden: true });
    await fault({ tag: 'Load', kind: 'force', value: true, hidden: true });
    await act(lab, { action: 'clearFault', stations: [1], tag: 'Load', kind: 'all' });
    expect(rows()).toHaveLength(5);
  });

  it('give nothing away: a force on a hidden failure is stored as on any tag, and the failure wins', async () => {
    const lab = await labWithWindows();
    const [one] = lab.stations;
    const { engine } = one!.tagsim;
    const window = await studentWindow(one!);
    await act(lab, {
      action: 'applyFault',
      stations: [1],
      fault: { tag: 'High sensor', kind: 'alwaysOff', hidden: true },
    });
    const sensor = engine.tagsNamed('High sensor')[0]!;
    // Exactly what a tag without a hidden fault answers and shows.
    expect(await window.transport.invoke('force', { id: sensor.id, value: true })).toBeNull();
    expect(named(await window.tags(), 'High sensor')).toMatchObject({
      isForced: true,
      forcedValue: true,
      value: true,
      openCircuit: false,
    });
    // The force is stored in the station; the plant and the API read the failure's value.
    expect(engine.getTag(sensor.id)).toMatchObject({
      isForced: true,
      forcedValue: true,
      openCircuit: true,
      value: false,
    });
    expect(await window.transport.invoke('setFailure', { id: sensor.id, failure: 'alwaysOn' })).toBeNull();
    expect(named(await window.tags(), 'High sensor')).toMatchObject({ shortCircuit: true, value: true });
    expect(engine.getTag(sensor.id)).toMatchObject({ openCircuit: true, shortCircuit: false });
    expect(await window.transport.invoke('setFailure', { id: sensor.id, failure: 'none' })).toBeNull();
    expect(await window.transport.invoke('release', { id: sensor.id })).toBeNull();
    expect(named(await window.tags(), 'High sensor')).toMatchObject({
      isForced: false,
      shortCircuit: false,
      openCircuit: false,
    });
    expect(engine.getTag(sensor.id)).toMatchObject({ isForced: false, openCircuit: true });
  });

  it("locked, hold their tag's value against every failure write of the tag API, set or clear, by name or id", async () => {
    const lab = await labWithWindows();
    const [one] = lab.stations;
    const { engine } = one!.tagsim;
    await act(lab, {
      action: 'applyFault',
      stations: [1],
      fault: { tag: 'Load', kind: 'force', value: true, hidden: true, locked: true },
    });
    await act(lab, {
      action: 'applyFault',
      stations: [1],
      fault: { tag: 'High sensor', kind: 'alwaysOff', hidden: true, locked: true },
    });
    const load = engine.tagsNamed('Load')[0]!;
    const sensor = engine.tagsNamed('High sensor')[0]!;
    const student = apiClient(one!.tagsim.url!);
    const locked = 'The instructor has locked this tag.';
    for (const operation of ['alwaysoff', 'alwayson'])
      for (const value of [true, false]) {
        for (const [tag, tagId] of [
          ['Load', load.id],
          ['High sensor', sensor.id],
        ] as const) {
          const byName = await student.put(`/api/tag/values-${operation}/by-name`, [{ name: tag, value }]);
          expect([operation, value, byName.status, byName.json]).toEqual([
            operation,
            value,
            200,
            [{ name: tag, code: 400, error: locked }],
          ]);
          const byId = await student.put(`/api/tag/values-${operation}`, [{ id: tagId, value }]);
          expect(byId.json).toEqual([{ id: tagId, code: 400, error: locked }]);
        }
        expect(engine.getTag(load.id)).toMatchObject({
          value: true,
          isForced: true,
          openCircuit: false,
          shortCircuit: false,
        });
        expect(engine.getTag(sensor.id)).toMatchObject({
          value: false,
          openCircuit: true,
          shortCircuit: false,
        });
      }
    // A value write goes through on both, and changes neither's value.
    expect((await student.put('/api/tag/values/by-name', [{ name: 'Load', value: false }])).json).toEqual([]);
    expect(engine.getTag(load.id)).toMatchObject({ value: true });
    expect(lab.log.entries.every((e) => e.action === 'applied')).toBe(true);
    expect(one!.hidden.isLocked(load.id) && one!.hidden.isLocked(sensor.id)).toBe(true);
  });

  it("locked, a force holds its value over a failure the student's program had put on first", async () => {
    const lab = await labWithWindows();
    const [one] = lab.stations;
    const { engine } = one!.tagsim;
    const student = apiClient(one!.tagsim.url!);
    expect(
      (await student.put('/api/tag/values-alwaysoff/by-name', [{ name: 'Load', value: true }])).json,
    ).toEqual([]);
    expect(engine.tagsNamed('Load')[0]).toMatchObject({ value: false, openCircuit: true });
    await act(lab, {
      action: 'applyFault',
      stations: [1],
      fault: { tag: 'Load', kind: 'force', value: true, hidden: true, locked: true },
    });
    expect(engine.tagsNamed('Load')[0]).toMatchObject({ value: true, isForced: true, openCircuit: false });
    const again = await student.put('/api/tag/values-alwaysoff/by-name', [{ name: 'Load', value: true }]);
    expect(again.json).toEqual([{ name: 'Load', code: 400, error: 'The instructor has locked this tag.' }]);
    // The instructor's own failure stays: a locked force beside it is the instructor's choice.
    await act(lab, {
      action: 'applyFault',
      stations: [2],
      fault: { tag: 'Load', kind: 'alwaysOn', hidden: true },
    });
    await act(lab, {
      action: 'applyFault',
      stations: [2],
      fault: { tag: 'Load', kind: 'force', value: false, hidden: true, locked: true },
    });
    expect(lab.stations[1]!.tagsim.engine.tagsNamed('Load')[0]).toMatchObject({
      shortCircuit: true,
      isForced: true,
    });
  });

  it("locked, the instructor's stricter choice: the window and the tag API are told the tag is locked", async () => {
    const lab = await labWithWindows();
    const [one] = lab.stations;
    const { engine } = one!.tagsim;
    const window = await studentWindow(one!);
    const locked = { action: 'applyFault', stations: [1] };
    await act(lab, {
      ...locked,
      fault: { tag: 'Load', kind: 'force', value: true, hidden: true, locked: true },
    });
    await act(lab, {
      ...locked,
      fault: { tag: 'High sensor', kind: 'alwaysOn', hidden: true, locked: true },
    });
    const load = engine.tagsNamed('Load')[0]!;
    const refusal = { id: load.id, code: 400, error: 'The instructor has locked this tag.' };
    expect(await window.transport.invoke('force', { id: load.id, value: false })).toEqual(refusal);
    expect(await window.transport.invoke('release', { id: load.id })).toEqual(refusal);
    const student = apiClient(one!.tagsim.url!);
    expect((await student.put('/api/tag/values-release/by-name', ['Load'])).json).toEqual([
      { name: 'Load', code: 400, error: 'The instructor has locked this tag.' },
    ]);
    expect(
      (await student.put('/api/tag/values-alwayson/by-name', [{ name: 'High sensor', value: false }])).json,
    ).toEqual([{ name: 'High sensor', code: 400, error: 'The instructor has locked this tag.' }]);
    // A plain write and a force under the locked failure go through, as on any tag.
    expect(
      (await student.put('/api/tag/values-force/by-name', [{ name: 'High sensor', value: false }])).json,
    ).toEqual([]);
    expect(engine.getTag(load.id)).toMatchObject({ isForced: true, forcedValue: true });
    expect(engine.tagsNamed('High sensor')[0]).toMatchObject({ shortCircuit: true, isForced: true });
    expect(lab.log.entries.every((e) => e.action === 'applied')).toBe(true);
    const overview = (await dashboardRequest(lab, 'GET', '/api/stations')).json as {
      stations: { faults: { name: string; locked: boolean }[] }[];
    };
    expect(overview.stations[0]!.faults.map((f) => `${f.name} ${f.locked}`).sort()).toEqual([
      'High sensor true',
      'Load true',
    ]);
  });
});
