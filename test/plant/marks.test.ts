// The marks of the Plant view (docs/ui.md, "Plant view"): the one spot planner
// (shared/plant/spot-plan.ts) gives every tag drawn on the machine a place of its own: no two
// marks (beams, zones, motors, gates, a machine's readouts and chips) and no two fault badges
// overlap, nor lie on another belt or machine. The renderer draws each mark at its place, so
// these are the places on screen.
import { describe, expect, it } from 'vitest';
import { layoutPlant } from '../../shared/plant/layout.js';
import { placeLabels } from '../../shared/plant/labels.js';
import { spotClashes } from '../../shared/plant/spot-plan.js';
import { BUILTIN_SCENE_NAMES, builtinScene } from '../../shared/scenes/builtin-scenes.js';

describe('planSpots: every built-in scene', () => {
  it.each(BUILTIN_SCENE_NAMES)('%s: every mark and badge has a place of its own', (name) => {
    const layout = layoutPlant(builtinScene(name)!);
    // The plan the view draws: badges placed after the names, clear of them too.
    const plan = placeLabels(layout).spots;
    expect(spotClashes(plan)).toStrictEqual([]);
  });
});
