// A tag's start state (forced, forcedValue, failure) and a scene's drivers in a .tagsim.json file:
// read, served from the first request, kept through edits, files and snapshots.
import { describe, expect, it } from 'vitest';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { captureSnapshot } from '../../shared/scenes/runtime-snapshot.js';
import { planRestore } from '../../shared/scenes/restore-plan.js';
import { applySceneEdit } from '../../shared/scenes/scene-editor.js';
import { parseSceneFile, serializeScene } from '../../shared/scenes/scene-file.js';
import { formatProblem, ValidationError } from '../../shared/problems/problem-list.js';
import { BASE_SCENE } from './corpus.js';

const file = (patch: (json: { tags: Record<string, unknown>[] } & Record<string, unknown>) => void) => {
  const json = JSON.parse(serializeScene(BASE_SCENE)) as { tags: Record<string, unknown>[] } & Record<
    string,
    unknown
  >;
  patch(json);
  return JSON.stringify(json);
};
const tagNamed = (json: { tags: Record<string, unknown>[] }, name: string) =>
  json.tags.find((t) => t['name'] === name)!;

const STARTING = file((json) => {
  Object.assign(tagNamed(json, 'Pallet sensor'), { forced: true, forcedValue: true });
  Object.assign(tagNamed(json, 'Load'), { forcedValue: true });
  Object.assign(tagNamed(json, 'High sensor'), { failure: 'alwaysOn' });
  Object.assign(tagNamed(json, 'Counter'), { forced: true, forcedValue: 7 });
  json['drivers'] = {
    CurrentDriver: 32,
    ModbusTCPServer: {
      PointIOCount: { BitInputCount: 2, NumericOutputCount: 1 },
      PointIOKeys: { BitInput: [tagNamed(json, 'Pallet sensor')['id'], null] },
      Properties: { ScaleFactor: 10, WriteCoils: false },
    },
  };
});

function problemsOf(text: string): string[] {
  try {
    parseSceneFile(text, 'x.tagsim.json');
  } catch (error) {
    if (error instanceof ValidationError) return error.problems.map(formatProblem);
    throw error;
  }
  return [];
}

describe('a tag that starts forced or failed', () => {
  it('is served so from the first request, with its kept forced value', () => {
    const scene = parseSceneFile(STARTING);
    const engine = new TagEngine(scene);
    const api = (name: string) => engine.listTags({ name })[0]!;
    expect(api('Pallet sensor')).toMatchObject({ value: true, isForced: true, forcedValue: true });
    expect(api('Load')).toMatchObject({ value: false, isForced: false, forcedValue: true });
    expect(api('High sensor')).toMatchObject({ value: true, shortCircuit: true, openCircuit: false });
    expect(api('Counter')).toMatchObject({ value: 7, isForced: true, forcedValue: 7 });
    // A tag the scene says nothing of starts as before.
    expect(api('Low sensor')).toMatchObject({ value: false, isForced: false, forcedValue: false });
  });

  it('returns to that state when a snapshot leaves it out', () => {
    const scene = parseSceneFile(STARTING);
    const engine = new TagEngine(scene);
    const pallet = scene.tags.find((t) => t.name === 'Pallet sensor')!;
    engine.release('id', [pallet.id]);
    const other = captureSnapshot(scene.name, engine.listTagStates(), new Date());
    const partial = { ...other, tags: other.tags.filter((t) => t.id !== pallet.id) };
    engine.restoreStates(planRestore(partial, scene, 'state.json').states, 'ui');
    expect(engine.getTag(pallet.id)).toMatchObject({ isForced: true, forcedValue: true });
  });

  it('keeps its start state and the drivers through a file and an unrelated edit', () => {
    const scene = parseSceneFile(STARTING);
    expect(parseSceneFile(serializeScene(scene))).toEqual(scene);
    const edited = applySceneEdit(scene, { op: 'renameScene', name: 'Renamed' }, () => 'id');
    if (!edited.ok) throw new Error(edited.problems.join('\n'));
    expect(edited.scene.name).toBe('Renamed');
    expect(edited.scene.tags).toEqual(scene.tags);
    expect(edited.scene.drivers).toEqual(scene.drivers);
  });

  it('refuses a forced value of the wrong type and an unknown failure, with their places', () => {
    const text = file((json) => {
      Object.assign(tagNamed(json, 'Counter'), { forcedValue: 1.5 });
      Object.assign(tagNamed(json, 'Load'), { failure: 'openCircuit', forced: 'yes' });
    });
    const problems = problemsOf(text);
    expect(problems.some((p) => /^tags\[\d+\]\.forcedValue: must be a whole number/.test(p))).toBe(true);
    expect(problems.some((p) => /^tags\[\d+\]\.failure: must be alwaysOff or alwaysOn/.test(p))).toBe(true);
    expect(problems.some((p) => /^tags\[\d+\]\.forced: must be true or false/.test(p))).toBe(true);
  });

  it('refuses drivers of the wrong shape under drivers, naming the field', () => {
    const text = file((json) => {
      json['drivers'] = {
        ModbusTCPServer: { Properties: { ScaleFactor: 0 }, PointIOKeys: { BitInput: [3] } },
      };
    });
    const problems = problemsOf(text);
    expect(problems).toContain(
      'drivers.ModbusTCPServer.Properties.ScaleFactor: must be a number above 0; got 0',
    );
    expect(problems).toContain(
      'drivers.ModbusTCPServer.PointIOKeys.BitInput[0]: must be a tag id or null (an empty slot); got 3',
    );
  });
});
