// @vitest-environment happy-dom
// The Plant view's marks as a keyboard user and a reader of the drawing meet them (issue 32): every
// tag's mark is a Tab stop (SVG's `tabindex` attribute), in the order items travel; keys open its
// actions; the machines are drawn from the plant's state; the legend says what the marks mean.
import { describe, expect, it } from 'vitest';
import { layoutScene } from '../../../shared/scenes/scene-plant.js';
import { craneColumnX, craneLevelY, LIFT } from '../../../shared/plant/machine-motion.js';
import type { PlantSnapshot } from '../../../shared/plant/plant-types.js';
import { builtinScene } from '../../../shared/scenes/builtin-scenes.js';
import { PlantView } from '../../../renderer/plant/PlantView.js';
import { byRole, click, nameOf, press as keyDown, settle } from './harness.js';
import { SCENE, setup, spot, uiTags } from './plant-harness.js';

const ENTRY = builtinScene('Sorting by Height (Basic)')!;

describe("the Plant view's marks and the keyboard", () => {
  it('makes every drawn tag a Tab stop: tabindex 0 as SVG reads it, along the belts in the order items travel', () => {
    const { root } = setup();
    const drawn = [...root.querySelectorAll<SVGElement>('svg.plant-drawing [role="button"]')];
    expect(drawn.length).toBeGreaterThan(10);
    for (const d of drawn) expect(d.getAttribute('tabindex'), nameOf(d)).toBe('0');
    // The entry belt first: its motor at its start, then the light curtain's beams, fanned out in
    // the model's order, each a mark of its own.
    const names = drawn.map((d) => nameOf(d).replace(/:.*/, ''));
    expect(names.slice(0, 4)).toEqual([
      'Drive Conveyor entry',
      'Sensor Pallet sensor',
      'Sensor Low sensor',
      'Sensor High sensor',
    ]);
    const hits = ['Pallet sensor', 'Low sensor', 'High sensor'].map((n) =>
      spot(root, new RegExp(`^Sensor ${n}:`))
        .querySelector('polygon.hit')!
        .getAttribute('points'),
    );
    expect(new Set(hits).size).toBe(3);
  });

  it("opens a mark's menu with Shift+F10 or the Menu key, and Enter or Space does what a click does", async () => {
    const { root, calls, onSelect } = setup();
    const low = spot(root, /^Sensor Low sensor/);
    keyDown('F10', low, { shiftKey: true });
    const menu = byRole(root, 'menu');
    click(byRole(menu, 'menuitem', 'Always On'));
    await settle();
    const id = ENTRY.tags.find((t) => t.name === 'Low sensor')!.id;
    expect(calls).toEqual([{ method: 'setFailure', args: { id, failure: 'alwaysOn' } }]);
    keyDown('ContextMenu', spot(root, /^Drive Load:/));
    expect(byRole(root, 'menu').getAttribute('aria-label')).toBe('Load: faults and forces');
    keyDown('Escape', byRole(root, 'menu'));
    keyDown(' ', low);
    expect(onSelect).toHaveBeenLastCalledWith(id);
    expect(calls.at(-1)).toEqual({ method: 'force', args: { id, value: true } });
  });

  it("puts a fault's F and ! badges in the mark's own place, off the others'", () => {
    const tags = uiTags(SCENE, {
      'Input Pallet sensor': { value: false, raw: false, openCircuit: true },
      'Input High sensor': { value: true, raw: false, isForced: true, forcedValue: true },
    });
    const { root } = setup({}, tags);
    const badge = (name: string) =>
      spot(root, new RegExp(`^Sensor ${name}:`)).querySelector('[data-badge] .mark');
    const at = (e: Element | null) => e?.getAttribute('transform');
    expect(at(badge('Pallet sensor'))).toBeDefined();
    expect(at(badge('High sensor'))).toBeDefined();
    expect(at(badge('Pallet sensor'))).not.toBe(at(badge('High sensor')));
  });

  it('says which sensors are normally closed, and what the marks mean', () => {
    const { root } = setup();
    expect(nameOf(spot(root, /^Sensor At left entry/))).toBe('Sensor At left entry: true, normally closed');
    const legend = root.querySelector('.plant-legend')!;
    expect(legend.textContent).toContain('normally closed, on at rest');
    const tank = setup({}, uiTags(builtinScene('Filling Tank')!), builtinScene('Filling Tank')!);
    expect(tank.root.querySelector('.plant-legend')!.textContent).not.toContain('normally closed');
  });
});

describe("the Plant view's machines, from the plant's state", () => {
  it("draws the stacker crane's carriage at the column and level the snapshot gives, the forks' pallet with it", () => {
    const scene = builtinScene('Automated Warehouse')!;
    const snapshot: PlantSnapshot = {
      timeMs: 5000,
      conveyors: [
        {
          name: 'forks',
          running: false,
          speed: 0,
          items: [{ id: 3, label: 'pallet', front: 1.2, length: 1.2 }],
        },
      ],
      cranes: [
        {
          name: 'crane',
          part: 'Stacker crane',
          x: 2,
          z: 2,
          column: 2,
          level: 2,
          movingX: false,
          movingZ: false,
          forks: 0,
          lifted: true,
        },
      ],
    };
    const { root } = setup({ snapshot }, uiTags(scene), scene);
    const crane = root.querySelector('[data-part="Stacker crane"]')!;
    expect([crane.getAttribute('data-column'), crane.getAttribute('data-level')]).toEqual(['2', '2']);
    // The pallet on the forks: at the forks' middle, moved two columns along and two levels up,
    // raised by the lift.
    const layout = layoutScene(scene);
    const part = layout.parts.find((p) => p.part === 'crane')!;
    const forks = layout.conveyors.find((c) => c.name === 'forks')!;
    const pallet = root.querySelector('[data-item="3"]')!.getAttribute('transform')!;
    const [, x, y] = /^translate\(([\d.-]+) ([\d.-]+)\)/.exec(pallet)!.map(Number);
    expect(x).toBeCloseTo(
      (forks.x + forks.drawnLength / 2 + craneColumnX(part, 2) - craneColumnX(part, 0)) * 100,
      0,
    );
    expect(y).toBeCloseTo((forks.y + craneLevelY(part, 2) - craneLevelY(part, 0) - LIFT) * 100, 0);
    expect(craneLevelY(part, 2)).toBeLessThan(craneLevelY(part, 0));
  });

  it("draws a lift's car, with its platform and what is on it, at the level of the item riding its shaft", () => {
    const scene = builtinScene('Elevator (Basic)')!;
    const at = (front: number): PlantSnapshot => ({
      timeMs: 1000,
      conveyors: [
        {
          name: 'left up 0',
          running: true,
          speed: 0,
          items: [{ id: 1, label: 'platform', front, length: 0.01 }],
        },
        {
          name: 'left platform',
          running: false,
          speed: 0,
          items: [{ id: 2, label: 'box', front: 1, length: 0.5 }],
        },
      ],
    });
    const { root, props, rerender } = setup({ snapshot: at(0) }, uiTags(scene), scene);
    const platform = () => root.querySelector('[data-conveyor="left platform"]')!.getAttribute('transform');
    const box = () => root.querySelector('[data-item="2"]')!.getAttribute('transform');
    const boxAtRest = box();
    // The car itself is the lift's drawing, not an item.
    expect(root.querySelector('[data-item="1"]')).toBeNull();
    rerender(<PlantView {...props} snapshot={at(1)} />);
    // 1 m up the 1.4 m ride drawn 2.4 m long: 1.71 m, 171 drawing units, up.
    expect(platform()).toBe('translate(0 -171.42857142857144)');
    expect(box()).not.toBe(boxAtRest);
    expect(root.querySelector('[data-part="Left elevator"] .car')!.getAttribute('transform')).toBe(
      'translate(0 -171.42857142857144)',
    );
  });

  it('says where a tank has no level sensor, and draws the liquid its open valve pours', () => {
    const scene = builtinScene('Filling Tank')!;
    const { root } = setup({}, uiTags(scene, { 'Output Fill valve': { value: true, raw: true } }), scene);
    expect(root.querySelector('.tank-note')!.textContent).toBe('No level sensorin this scene');
    expect(root.querySelectorAll('.flow')).toHaveLength(1);
    expect(nameOf(spot(root, /^Inlet valve Fill valve/))).toBe('Inlet valve Fill valve: true');
  });
});
