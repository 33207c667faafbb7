// Which tags a scene's plant writes: the window warns that a value set on one does not last.
import { describe, expect, it } from 'vitest';
import { tagsDrivenByPlant } from '../../shared/scenes/scene-plant.js';
import { builtinScene, syntheticScene } from '../../shared/scenes/builtin-scenes.js';

const names = (sceneName: string) => {
  const scene = builtinScene(sceneName)!;
  const driven = tagsDrivenByPlant(scene);
  return scene.tags.filter((t) => driven.has(t.id)).map((t) => `${t.name} (${t.kind})`);
};

describe('tagsDrivenByPlant', () => {
  it('lists the sensors the built-in plant of Sorting by Height (Basic) writes, and no Output', () => {
    const driven = names('Sorting by Height (Basic)');
    for (const sensor of [
      'Pallet sensor',
      'Low sensor',
      'High sensor',
      'Loaded',
      'At left entry',
      'At right entry',
    ])
      expect(driven).toContain(`${sensor} (Input)`);
    expect(driven.filter((n) => n.endsWith('(Output)'))).toEqual([]);
  });

  it('is empty for a scene without a plant', () => {
    expect(tagsDrivenByPlant(syntheticScene(20)).size).toBe(0);
  });
});
