// Hidden faults end to end: the API acts on them as on any fault, the student's window (its
// real WebSocket bridge) does not see them, and the instructor's dashboard does.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeEventMessage, TagsEvent } from '../../shared/bridge/bridge-spec.js';
import type { TagState } from '../../shared/core/tag-types.js';
import { STUDENT_CONTROLS } from '../../shared/bridge/restrictions.js';
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

  it("are beyond the window's reach: its force, release all and clear all leave them in place", async () => {
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
    expect(await window.transport.invoke('force', { id: load.id, value: false })).toEqual({
      id: load.id,
      code: 400,
      error: 'The instructor has locked this tag.',
    });
    await window.transport.invoke('releaseAll', undefined);
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
});
