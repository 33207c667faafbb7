// The marks of the Plant view (docs/ui.md, "Plant view"): the one spot planner
// (shared/plant/spot-plan.ts) gives every tag drawn on the machine a place of its own: no two
// marks (beams, zones, motors, gates, a machine's readouts and chips) and no two fault badges
// overlap, nor lie on another belt or machine. The renderer draws each mark at its place, so
// these are the places on screen.
import { describe, expect, it } from 'vitest';
import { layoutScene } from '../../shared/scenes/scene-plant.js';
import { placeLabels } from '../../shared/plant/labels.js';
import { machineOffsets } from '../../shared/plant/machine-motion.js';
import { spotClashes } from '../../shared/plant/spot-plan.js';
import { BUILTIN_SCENE_NAMES, builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { testScene } from '../sim/plc.js';

describe('planSpots: every built-in scene', () => {
  it.each(BUILTIN_SCENE_NAMES)('%s: every mark and badge has a place of its own', (name) => {
    const layout = layoutScene(builtinScene(name)!);
    // The plan the view draws: badges placed after the names, clear of them too.
    const plan = placeLabels(layout).spots;
    expect(spotClashes(plan)).toStrictEqual([]);
  });
});

describe("planSpots: a scene file's machines", () => {
  it('draws machines that name each other as their carriers, in a circle, without looping', () => {
    const scene = {
      ...testScene([
        ['Belt', 'Bit', 'Output'],
        ['Position', 'Float', 'Input'],
        ['Command', 'Bit', 'Output'],
      ]),
      behaviours: [{ conveyor: 'belt', length: 3, speed: 1, runs: { tag: 'Belt', equals: true } }],
      layout: {
        conveyors: { belt: { x: 1, y: 2 } },
        parts: [
          {
            part: 'axis' as const,
            label: 'A',
            x: 0,
            y: 0,
            width: 3,
            height: 1,
            axis: 'x' as const,
            on: 'B',
            carries: ['belt'],
            tags: [{ tag: 'Position', role: 'position' as const }],
          },
          {
            part: 'axis' as const,
            label: 'B',
            x: 0,
            y: 3,
            width: 1,
            height: 3,
            axis: 'y' as const,
            on: 'A',
            tags: [{ tag: 'Command', role: 'command' as const }],
          },
        ],
      },
    };
    const layout = layoutScene(scene);
    const plan = placeLabels(layout).spots;
    // Neither carries the other: both stand, each with its own block of tags.
    expect(layout.parts.map((p) => p.on)).toEqual([undefined, undefined]);
    expect(plan.spots.map((s) => s.tag.name).sort()).toEqual(['Belt', 'Command', 'Position']);
    const offsets = machineOffsets(layout, undefined, () => 5);
    expect([...offsets.keys()].sort()).toEqual(['A', 'B']);
    for (const o of offsets.values()) expect(Number.isFinite(o.dx) && Number.isFinite(o.dy)).toBe(true);
  });
});
