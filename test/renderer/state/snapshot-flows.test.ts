import { describe, expect, it } from 'vitest';
import type { DialogAnswers, DialogKind, DialogSpecs } from '../../../renderer/state/dialogs.js';
import {
  isSnapshotFileName,
  SnapshotFlows,
  type SnapshotClient,
} from '../../../renderer/state/snapshot-flows.js';

type Answer =
  | Awaited<ReturnType<SnapshotClient['saveSnapshot']>>
  | Awaited<ReturnType<SnapshotClient['restoreSnapshot']>>;

function setup(
  script: Partial<Record<keyof SnapshotClient, (Answer | Error)[]>>,
  answers: Partial<{ [K in DialogKind]: DialogAnswers[K][] }> = {},
) {
  const calls: { method: string; args: unknown }[] = [];
  const asked: { kind: DialogKind; spec: unknown }[] = [];
  const respond = (method: keyof SnapshotClient) => async (args: unknown) => {
    calls.push({ method, args });
    const next = script[method]?.shift();
    if (next === undefined) throw new Error(`unexpected ${method}`);
    if (next instanceof Error) throw next;
    return next;
  };
  const client = {
    saveSnapshot: respond('saveSnapshot'),
    restoreSnapshot: respond('restoreSnapshot'),
  } as unknown as SnapshotClient;
  const ask = async <K extends DialogKind>(kind: K, spec: DialogSpecs[K]): Promise<DialogAnswers[K]> => {
    asked.push({ kind, spec });
    const queue = answers[kind] as DialogAnswers[K][] | undefined;
    if (!queue || queue.length === 0) throw new Error(`unexpected dialog ${kind}`);
    return queue.shift()!;
  };
  return { flows: new SnapshotFlows(client, ask, () => 'Line 1'), calls, asked };
}

const file = (name: string, text: string, size = text.length) => ({ name, size, text: async () => text });

describe('SnapshotFlows', () => {
  it('asks for a path, suggesting one from the scene, saves there and says so', async () => {
    const { flows, calls, asked } = setup(
      {
        saveSnapshot: [
          { ok: true, fileName: 'a.tagsim-state.json', content: '{}', path: '/a.tagsim-state.json' },
        ],
      },
      { statePath: [' /a.tagsim-state.json '], notice: [undefined] },
    );
    expect(await flows.save()).toBe(true);
    expect(asked[0]).toEqual({ kind: 'statePath', spec: { suggested: 'Line 1.tagsim-state.json' } });
    expect(calls).toEqual([{ method: 'saveSnapshot', args: { path: '/a.tagsim-state.json' } }]);
    expect(asked[1]!.kind).toBe('notice');
  });

  it('does nothing when the path is cancelled, and shows a refusal', async () => {
    const { flows, calls, asked } = setup(
      { saveSnapshot: [{ ok: false, reason: 'error', message: 'EACCES' }] },
      { statePath: [undefined, '/x'], error: [undefined] },
    );
    expect(await flows.save()).toBe(false);
    expect(calls).toEqual([]);
    expect(await flows.save()).toBe(false);
    expect(asked[2]).toEqual({
      kind: 'error',
      spec: { title: 'Could not save the state to /x', message: 'EACCES' },
    });
  });

  it('takes the state as a download without a path', async () => {
    const { flows, calls } = setup({
      saveSnapshot: [
        { ok: true, fileName: 'Line 1.tagsim-state.json', content: '{"format":"tagsim-state"}' },
      ],
    });
    expect(await flows.download()).toEqual({
      fileName: 'Line 1.tagsim-state.json',
      content: '{"format":"tagsim-state"}',
    });
    expect(calls).toEqual([{ method: 'saveSnapshot', args: {} }]);
  });

  it('restores a file of this computer and says what it did', async () => {
    const { flows, calls, asked } = setup(
      {
        restoreSnapshot: [
          { ok: true, restored: 1, notes: ['2 tags of the scene not in the snapshot start over: A, B'] },
        ],
      },
      { notice: [undefined] },
    );
    expect(await flows.restoreUpload(file('f.tagsim-state.json', '{}'))).toBe(true);
    expect(calls).toEqual([
      { method: 'restoreSnapshot', args: { text: '{}', fileName: 'f.tagsim-state.json' } },
    ]);
    expect(asked[0]).toEqual({
      kind: 'notice',
      spec: {
        title: 'State restored',
        lines: [
          '1 tag took their saved value, force and failure.',
          '2 tags of the scene not in the snapshot start over: A, B',
        ],
      },
    });
  });

  it('restores by path, and lists the problems of a broken file', async () => {
    const { flows, calls, asked } = setup(
      { restoreSnapshot: [{ ok: false, reason: 'invalid', problems: ['format: must be "tagsim-state"'] }] },
      { openPath: ['/s.tagsim-state.json'], problems: [undefined] },
    );
    expect(await flows.restorePath()).toBe(false);
    expect(asked[0]).toEqual({ kind: 'openPath', spec: { suggested: '', purpose: 'state' } });
    expect(calls).toEqual([{ method: 'restoreSnapshot', args: { path: '/s.tagsim-state.json' } }]);
    expect(asked[1]).toEqual({
      kind: 'problems',
      spec: {
        title: '/s.tagsim-state.json is not a valid state file',
        problems: ['format: must be "tagsim-state"'],
      },
    });
  });

  it('refuses a file too big, and shows a lost connection', async () => {
    const { flows, calls, asked } = setup(
      { restoreSnapshot: [new Error('Not connected to TagSim.')] },
      { error: [undefined, undefined] },
    );
    expect(await flows.restoreUpload(file('big.tagsim-state.json', '', 17 * 1024 * 1024))).toBe(false);
    expect(calls).toEqual([]);
    expect(await flows.restoreUpload(file('f.tagsim-state.json', '{}'))).toBe(false);
    expect(asked.map((a) => (a.spec as { message: string }).message)).toEqual([
      'big.tagsim-state.json is 17.0 MiB; a state file is at most 16 MiB.',
      'Not connected to TagSim.',
    ]);
  });

  it('tells state files from scene files by name', () => {
    expect(isSnapshotFileName('Lab 3.TAGSIM-STATE.json')).toBe(true);
    expect(isSnapshotFileName('Lab 3.tagsim.json')).toBe(false);
  });
});
