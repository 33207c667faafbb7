// Every string the bridge accepts is bounded: a window (or a page that got its token) cannot make
// the core work on megabytes of id, name or path. Each refusal names the argument and its limit.
import { describe, expect, it } from 'vitest';
import { BRIDGE_SPEC } from '../../shared/bridge/bridge-spec.js';
import { MAX_BRIDGE_STRING } from '../../shared/bridge/validate.js';
import { MAX_SCENE_FILE_BYTES } from '../../shared/scenes/file-limits.js';

const check = (method: keyof typeof BRIDGE_SPEC.methods, args: unknown) => () =>
  BRIDGE_SPEC.methods[method].args(args, method);
const long = (n: number) => 'x'.repeat(n);

describe('the bounds of bridge strings', () => {
  it('bounds ids, names and values typed by a person at 10,000 characters', () => {
    expect(MAX_BRIDGE_STRING).toBe(10_000);
    expect(check('release', { id: long(10_000) })).not.toThrow();
    expect(check('release', { id: long(10_001) })).toThrow('release.id is longer than 10000 characters.');
    expect(check('setValue', { id: 'a', value: long(10_001) })).toThrow(
      'setValue.value is longer than 10000 characters.',
    );
    expect(check('newScene', { name: long(10_001) })).toThrow(
      'newScene.name is longer than 10000 characters.',
    );
    expect(check('editScene', { edit: { op: 'deleteTag', id: long(10_001) } })).toThrow(
      'editScene.edit.id is longer than 10000 characters.',
    );
  });

  it('bounds paths at 4,096 characters and hosts at 255', () => {
    expect(check('saveScene', { path: long(4096) })).not.toThrow();
    expect(check('saveScene', { path: long(4097) })).toThrow(
      'saveScene.path is longer than 4096 characters.',
    );
    expect(check('openScene', { path: long(4097) })).toThrow(
      'openScene.path is longer than 4096 characters.',
    );
    expect(check('startServer', { host: long(256) })).toThrow(
      'startServer.host is longer than 255 characters.',
    );
  });

  it("bounds a file's text at the size of the largest scene file", () => {
    expect(check('openScene', { text: long(MAX_SCENE_FILE_BYTES) })).not.toThrow();
    expect(check('restoreSnapshot', { text: long(MAX_SCENE_FILE_BYTES + 1) })).toThrow(
      `restoreSnapshot.text is longer than ${MAX_SCENE_FILE_BYTES} characters.`,
    );
  });

  it('bounds the strings and keys inside a behaviour', () => {
    const edit = (behaviour: unknown) => check('editScene', { edit: { op: 'addBehaviour', behaviour } });
    expect(edit({ note: long(10_001) })).toThrow(
      'editScene.edit.behaviour.note is longer than 10000 characters.',
    );
    expect(edit({ [long(10_001)]: 1 })).toThrow(
      'editScene.edit.behaviour key is longer than 10000 characters.',
    );
    expect(edit({ note: 'short' })).not.toThrow();
  });

  it('refuses what JSON could not hold, and a list over its bound without reading it all', () => {
    const edit = (behaviour: unknown) => check('editScene', { edit: { op: 'addBehaviour', behaviour } });
    expect(edit({ at: new Map() })).toThrow(
      'editScene.edit.behaviour.at must be a plain object; got object.',
    );
    expect(edit({ at: [1, Infinity] })).toThrow(
      'editScene.edit.behaviour.at[1] must be a finite number; got number.',
    );
    const many = { edit: { op: 'setBehaviours', behaviours: new Array<number>(2_000_000).fill(0) } };
    expect(check('editScene', many)).toThrow('editScene.edit.behaviours has more than 10000 items.');
  });
});
