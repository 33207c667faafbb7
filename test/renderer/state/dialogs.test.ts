import { describe, expect, it } from 'vitest';
import { Dialogs } from '../../../renderer/state/dialogs.js';

describe('Dialogs', () => {
  it('shows one question at a time, in order, and resolves each with its answer', async () => {
    const dialogs = new Dialogs();
    let changes = 0;
    dialogs.changes.subscribe(() => changes++);
    const first = dialogs.ask('overwrite', { path: '/tmp/a.tagsim.json' });
    const second = dialogs.ask('newScene', { suggested: 'New scene' });
    expect(dialogs.current?.kind).toBe('overwrite');
    expect(dialogs.current?.spec).toEqual({ path: '/tmp/a.tagsim.json' });
    const seq = dialogs.current!.seq;
    (dialogs.current!.answer as (v: boolean) => void)(true);
    expect(await first).toBe(true);
    expect(dialogs.current?.kind).toBe('newScene');
    expect(dialogs.current!.seq).toBeGreaterThan(seq);
    (dialogs.current!.answer as (v: string) => void)('Line 7');
    expect(await second).toBe('Line 7');
    expect(dialogs.current).toBeUndefined();
    expect(changes).toBe(4);
  });

  it('cancels with each kind’s own answer, and ignores a second answer', async () => {
    const dialogs = new Dialogs();
    const unsaved = dialogs.ask('unsaved', { sceneName: 'Line 1' });
    const answer = dialogs.current!.answer as (v: string) => void;
    dialogs.cancel();
    answer('discard');
    expect(await unsaved).toBe('cancel');
    const deletion = dialogs.ask('deleteTag', { tagName: 'Load' });
    dialogs.cancel();
    expect(await deletion).toBe(false);
    const path = dialogs.ask('savePath', { suggested: 'a.tagsim.json', reason: 'noPath' });
    dialogs.cancel();
    expect(await path).toBeUndefined();
    dialogs.cancel(); // nothing open: nothing happens
    expect(dialogs.current).toBeUndefined();
  });
});
