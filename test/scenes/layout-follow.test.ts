// The editor takes a scene's `layout` along through its edits (shared/scenes/layout-follow.ts): a
// renamed tag or conveyor is renamed in the layout as in the behaviours, a deleted tag leaves the
// machines and the panel that showed it, so no edit is refused because the scene carries a layout.
// Through the editor's own API (SceneService) on real files: opened, edited, saved, read back.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SceneService } from '../../main/runtime/scene-service.js';
import { memorySettingsStore } from '../../main/settings/settings-store.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { builtinPlant } from '../../shared/scenes/builtin/builtin-plants.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import type { SceneEdit } from '../../shared/scenes/scene-editor.js';
import { parseSceneFile, serializeScene } from '../../shared/scenes/scene-file.js';
import { layoutScene } from '../../shared/scenes/scene-plant.js';
import type { Behaviour } from '../../shared/sim/behaviour-types.js';

/** A built-in scene exported as a file (its layout with it); the service that edits it; the path. */
async function openedFile(name: string) {
  const dir = mkdtempSync(join(tmpdir(), 'tagsim-layout-follow-'));
  const path = join(dir, `${name}.tagsim.json`);
  writeFileSync(path, serializeScene(builtinScene(name)!));
  expect(builtinScene(name)!.layout).toEqual(builtinPlant(name)!.layout);
  const service = new SceneService(new TagEngine(builtinScene(name)!), memorySettingsStore());
  expect(await service.open({ path })).toMatchObject({ ok: true });
  return { service, path };
}

const idOf = (scene: SceneDefinition, name: string) => scene.tags.find((t) => t.name === name)!.id;

/** Applies an edit the editor must accept; the scene after it. */
function accepted(service: SceneService, e: SceneEdit): SceneDefinition {
  const outcome = service.edit(e);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return outcome.document.scene;
}

/** The scene the saved file holds, and the machines its drawing shows with their tags' names. */
async function savedAndDrawn(service: SceneService, path: string) {
  expect(await service.save()).toMatchObject({ ok: true });
  const scene = parseSceneFile(readFileSync(path, 'utf8'));
  const drawn = layoutScene(scene);
  const machines = drawn.parts.map((p) => [p.label, p.tags.map((t) => `${t.role} ${t.tag.name}`)]);
  return { scene, drawn, machines: Object.fromEntries(machines) as Record<string, string[]> };
}

describe('the layout follows an edit of the scene', () => {
  it("a renamed tag is renamed on its machine and on the panel, in the reference's form", async () => {
    const { service, path } = await openedFile('Filling Tank');
    const before = service.document.scene;
    let scene = accepted(service, {
      op: 'updateTag',
      id: idOf(before, 'Fill valve'),
      changes: { name: 'Inlet valve' },
    });
    scene = accepted(service, { op: 'updateTag', id: idOf(scene, 'Fill'), changes: { name: 'Fill button' } });
    scene = accepted(service, { op: 'updateTag', id: idOf(scene, 'Timer'), changes: { name: 'Seconds' } });
    expect(scene.layout!.parts![0]!.tags).toEqual([
      { tag: { name: 'Inlet valve', kind: 'Output' }, role: 'fill' },
      { tag: { name: 'Discharge valve', kind: 'Output' }, role: 'drain' },
    ]);
    expect(scene.layout!.panel!.tags).toEqual([
      { name: 'Fill button', kind: 'Input' },
      { name: 'Discharge', kind: 'Input' },
      'Filling',
      'Discharging',
      'Seconds',
    ]);

    const { scene: saved, drawn } = await savedAndDrawn(service, path);
    expect(saved.layout).toEqual(scene.layout);
    expect(drawn.parts[0]!.tags.find((t) => t.role === 'fill')!.tag.name).toBe('Inlet valve');
    expect(drawn.panel!.controls.map((c) => c.tag.name)).toEqual(
      expect.arrayContaining(['Fill button', 'Seconds']),
    );
    // Undo takes the layout back with the name.
    expect(service.undo().scene.layout!.panel!.tags!.at(-1)).toBe('Timer');
  });

  it('a deleted tag leaves its machine, which keeps its other tags, and the panel', async () => {
    const { service, path } = await openedFile('Level Control');
    const before = service.document.scene;
    let scene = accepted(service, { op: 'deleteTag', id: idOf(before, 'Flow meter') });
    expect(scene.layout!.parts![0]!.tags.map((t) => t.role)).toEqual(['level', 'fill', 'drain', 'setpoint']);
    expect(scene.tags.map((t) => t.name)).not.toContain('Flow meter');
    const { machines } = await savedAndDrawn(service, path);
    expect(machines['Tank']).toEqual([
      'level Level meter',
      'fill Fill valve',
      'drain Discharge valve',
      'setpoint Setpoint',
    ]);

    const filling = await openedFile('Filling Tank');
    scene = accepted(filling.service, {
      op: 'deleteTag',
      id: idOf(filling.service.document.scene, 'Discharging'),
    });
    expect(scene.layout!.panel!.tags).toEqual([
      { name: 'Fill', kind: 'Input' },
      { name: 'Discharge', kind: 'Input' },
      'Filling',
      'Timer',
    ]);
    const drawn = (await savedAndDrawn(filling.service, filling.path)).drawn;
    expect(drawn.panel!.controls.map((c) => c.tag.name)).toEqual(
      expect.arrayContaining(['Fill', 'Discharge', 'Filling', 'Timer']),
    );
  });

  it('a tag the plant uses is still refused, with the behaviours named, and nothing changes', async () => {
    const { service } = await openedFile('Filling Tank');
    const before = service.document.scene;
    const outcome = service.edit({ op: 'deleteTag', id: idOf(before, 'Fill valve') });
    expect(outcome).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/behaviours\[1\], behaviours\[2\]/)],
    });
    expect(service.document.scene).toBe(before);
  });

  it('a conveyor renamed in its behaviour is renamed in the layout; one removed leaves it', async () => {
    const { service, path } = await openedFile('From A to B');
    const before = service.document.scene;
    const belt = before.behaviours![0]!;
    let scene = accepted(service, {
      op: 'updateBehaviour',
      index: 0,
      behaviour: { ...belt, conveyor: 'line' } as never,
    });
    expect(Object.keys(scene.layout!.conveyors!)).toEqual(['line']);
    expect(scene.layout!.conveyors!['line']).toEqual(before.layout!.conveyors!['belt']);
    const { drawn } = await savedAndDrawn(service, path);
    expect(drawn.conveyors.map((c) => c.name)).toEqual(['line']);

    // Replaced by a plant of only a rule, the scene runs no conveyor the layout could place.
    const rule: Behaviour = { name: 'Lamp', when: { always: true }, then: [{ set: 'Sensor', value: true }] };
    scene = accepted(service, { op: 'setBehaviours', behaviours: [rule] });
    expect(scene.layout!.conveyors).toEqual({});
  });

  it('a layout set by hand is still checked as given', async () => {
    const { service } = await openedFile('Filling Tank');
    const layout = { panel: { x: 0, y: 0, tags: ['No such tag'] } };
    expect(service.edit({ op: 'setLayout', layout })).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^layout\.panel\.tags\[0\]: no tag is named 'No such tag'/)],
    });
  });
});
