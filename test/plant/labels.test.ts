// The names of the belts' motors in the Plant view (docs/ui.md, "Plant view"): on every level
// belt of every built-in scene, each motor's name, estimated from its length, ends before the
// next motor or name on the same row starts, so no name is drawn over another or over a motor.
import { describe, expect, it } from 'vitest';
import { layoutPlant } from '../../shared/plant/layout.js';
import type { PlantLayout } from '../../shared/plant/plant-types.js';
import { BUILTIN_SCENE_NAMES, builtinScene } from '../../shared/scenes/builtin-scenes.js';

// The drawing's measures (renderer/plant/PlantConveyor.tsx, Drive), in metres at 100 px a metre:
/** Motors of one belt sit 1.5 m apart from its start; each motor is 0.36 m long after a 0.04 m gap. */
const MOTOR_PITCH = 1.5;
const MOTOR = { from: 0.04, to: 0.4 };
/** A motor's name starts 0.46 m from the motor's slot, in the 14 px label font (about 8.5 px a character). */
const NAME_START = 0.46;
const CHAR_WIDTH = 0.085;

interface Box {
  what: string;
  row: number;
  from: number;
  to: number;
}

/** The motors and their names on the belts drawn level (angle 0): one box per motor, one per name. */
export function motorBoxes(layout: PlantLayout): Box[] {
  return layout.conveyors
    .filter((c) => c.angle === 0 && c.look !== 'path')
    .flatMap((c) =>
      c.drive.flatMap((t, i) => {
        const at = c.x + i * MOTOR_PITCH;
        const row = Math.round((c.y + c.width / 2) * 100);
        return [
          { what: `motor ${t.name}`, row, from: at + MOTOR.from, to: at + MOTOR.to },
          {
            what: `name ${t.name}`,
            row,
            from: at + NAME_START,
            to: at + NAME_START + t.name.length * CHAR_WIDTH,
          },
        ];
      }),
    );
}

/** Pairs of boxes on the same row that overlap, as "a / b". */
function clashes(boxes: readonly Box[]): string[] {
  const out: string[] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b) => {
      if (a.row === b.row && a.from < b.to && b.from < a.to) out.push(`${a.what} / ${b.what}`);
    }),
  );
  return out;
}

describe("the Plant view's motor names", () => {
  it('sees a clash where a long name runs into the next belt’s motor', () => {
    const boxes: Box[] = [
      { what: 'name Lids exit conveyor 1', row: 0, from: 6.76, to: 6.76 + 20 * CHAR_WIDTH },
      { what: 'motor Lids exit conveyor 2', row: 0, from: 8.34, to: 8.7 },
    ];
    expect(clashes(boxes)).toStrictEqual(['name Lids exit conveyor 1 / motor Lids exit conveyor 2']);
  });

  it.each(BUILTIN_SCENE_NAMES)('fit on their belts in %s', (name) => {
    const layout = layoutPlant(builtinScene(name)!);
    expect(clashes(motorBoxes(layout))).toStrictEqual([]);
  });
});
