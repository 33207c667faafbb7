// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SceneDefinition } from '../../../shared/scenes/scene-definition.js';
import type { PlantSnapshot } from '../../../shared/plant/plant-types.js';
import { PlantView } from '../../../renderer/plant/PlantView.js';
import { PULSE_MS } from '../../../renderer/plant/plant-actions.js';
import { testScene } from '../../sim/plc.js';
import { byRole, click, mount, nameOf, press as keyDown, settle } from './harness.js';
import { press, SCENE, setup, spot, uiTags } from './plant-harness.js';
import { createBridgeClient } from '../../../shared/bridge/bridge-client.js';
import type { BridgeEventMessage } from '../../../shared/bridge/bridge-spec.js';
import { usePlantOpen } from '../../../renderer/plant/use-plant-view.js';
import { act } from 'preact/test-utils';

afterEach(() => vi.useRealTimers());

describe('the Plant view', () => {
  it('draws every belt of the plant, each sensor lit while its effective value is on, with the table words', () => {
    const tags = uiTags(SCENE, {
      'Input Pallet sensor': { value: true, raw: false, isForced: true, forcedValue: true },
      'Input High sensor': { value: true, raw: false, shortCircuit: true },
    });
    const { root } = setup({}, tags);
    expect([...root.querySelectorAll('[data-conveyor]')].map((c) => c.getAttribute('data-conveyor'))).toEqual(
      SCENE.behaviours!.filter((b) => 'conveyor' in b).map((b) => (b as { conveyor: string }).conveyor),
    );
    const pallet = spot(root, /^Sensor Pallet sensor/);
    expect(nameOf(pallet)).toBe('Sensor Pallet sensor: true (forced)');
    expect(pallet.classList).toContain('is-on');
    expect(pallet.classList).toContain('is-forced');
    expect(pallet.querySelector('.mark-forced')).not.toBeNull();
    const high = spot(root, /^Sensor High sensor/);
    expect(nameOf(high)).toBe('Sensor High sensor: true (Always On)');
    expect(high.querySelector('.mark-failed')).not.toBeNull();
    const low = spot(root, /^Sensor Low sensor/);
    expect(low.classList).toContain('is-off');
    // Hover: name, kind, type, address, value.
    expect(pallet.querySelector('title')?.textContent).toContain('Input Bit, address');
  });

  it('selects the tag of anything clicked, and a click on a sensor pulses it (force, then release)', async () => {
    vi.useFakeTimers();
    const { root, calls, onSelect } = setup();
    const low = spot(root, /^Sensor Low sensor/);
    press(low);
    const id = SCENE.tags.find((t) => t.name === 'Low sensor')!.id;
    expect(onSelect).toHaveBeenCalledWith(id);
    expect(calls).toEqual([{ method: 'force', args: { id, value: true } }]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PULSE_MS);
    });
    expect(calls.slice(1)).toEqual([{ method: 'release', args: { id } }]);
    press(spot(root, /^Drive Conveyor entry/));
    expect(calls).toHaveLength(2);
    expect(onSelect).toHaveBeenLastCalledWith(SCENE.tags.find((t) => t.name === 'Conveyor entry')!.id);
  });

  it('presses a push button while held: Start forced on, Stop (normally closed) forced off, then released', () => {
    const { root, calls } = setup();
    const start = spot(root, /^Push button Start:/);
    const stop = spot(root, /^Push button Stop:/);
    expect(nameOf(stop)).toBe('Push button Stop: true, normally closed');
    const id = (name: string) => SCENE.tags.find((t) => t.name === name && t.kind === 'Input')!.id;
    act(() => {
      start.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }));
      start.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
    });
    act(() => {
      stop.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
      stop.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', bubbles: true }));
    });
    expect(calls).toEqual([
      { method: 'force', args: { id: id('Start'), value: true } },
      { method: 'release', args: { id: id('Start') } },
      { method: 'force', args: { id: id('Stop'), value: false } },
      { method: 'release', args: { id: id('Stop') } },
    ]);
  });

  it('shows lights and counters as the controller writes them', () => {
    const tags = uiTags(SCENE, {
      'Output Start light': { value: true, raw: true },
      'Output Counter': { value: 17, raw: 17 },
    });
    const { root } = setup({}, tags);
    expect(spot(root, /^Light Start light/).classList).toContain('is-on');
    expect(spot(root, /^Light Stop light/).classList).toContain('is-off');
    expect(nameOf(spot(root, /^Display Counter/))).toBe('Display Counter: 17');
  });

  it('offers Always On, Always Off and release in a menu on right-click, and runs the one chosen', async () => {
    const { root, calls } = setup();
    const low = spot(root, /^Sensor Low sensor/);
    act(() => {
      low.dispatchEvent(
        new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: 10, clientY: 10 }),
      );
    });
    const menu = byRole(root, 'menu');
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((b) => nameOf(b))).toEqual([
      'Pulse (on for a moment)',
      'Force ON',
      'Force OFF',
      'Release force',
      'Always On',
      'Always Off',
      'Clear failure',
    ]);
    click(byRole(menu, 'menuitem', 'Always Off'));
    await settle();
    const id = SCENE.tags.find((t) => t.name === 'Low sensor')!.id;
    expect(calls).toEqual([{ method: 'setFailure', args: { id, failure: 'alwaysOff' } }]);
    expect(root.querySelector('[role="menu"]')).toBeNull();
  });

  it("keeps a lab's rules: without fault controls no menu and no pulse, and buttons are pressed by setting values", () => {
    const { root, calls } = setup({ restrictions: { locked: [], hideFaultControls: true } });
    const low = spot(root, /^Sensor Low sensor/);
    press(low);
    act(() => {
      low.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
    });
    expect(root.querySelector('[role="menu"]')).toBeNull();
    const start = spot(root, /^Push button Start:/);
    act(() => {
      start.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }));
      start.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
    });
    const id = SCENE.tags.find((t) => t.name === 'Start')!.id;
    expect(calls).toEqual([
      { method: 'setValue', args: { id, value: true } },
      { method: 'setValue', args: { id, value: false } },
    ]);
  });

  it("only shows without actions (the lab dashboard's view): no menu, no pulse, no press, yet selects", () => {
    const { root, calls, onSelect } = setup({ actions: undefined });
    const low = spot(root, /^Sensor Low sensor/);
    press(low);
    act(() => {
      low.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
      low.dispatchEvent(new KeyboardEvent('keydown', { key: 'F10', shiftKey: true, bubbles: true }));
    });
    const start = spot(root, /^Push button Start:/);
    act(() => {
      start.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }));
      start.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
      start.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
      start.dispatchEvent(new KeyboardEvent('keydown', { key: 'ContextMenu', bubbles: true }));
    });
    expect(root.querySelector('[role="menu"]')).toBeNull();
    expect(calls).toEqual([]);
    const id = (name: string) => SCENE.tags.find((t) => t.name === name && t.kind === 'Input')!.id;
    expect(onSelect.mock.calls.map(([selected]) => selected as string)).toContain(id('Low sensor'));
  });

  it('draws the items where the snapshot has them, and keeps them still while the simulation is paused', () => {
    const snapshot: PlantSnapshot = {
      timeMs: 1000,
      conveyors: [
        {
          name: 'entry',
          running: true,
          speed: 0.5,
          items: [{ id: 7, label: 'high', front: 2, length: 0.5 }],
        },
      ],
    };
    const { root, props, rerender } = setup({
      snapshot,
      receivedAt: 0,
      simulation: { state: 'paused', timeScale: 1, timeMs: 1000 },
    });
    const item = () => root.querySelector('[data-item="7"]')!;
    const at = item().getAttribute('transform');
    // Entry starts at x 0.8 m; the item's middle is 1.75 m along: 255 drawing units.
    expect(at).toMatch(/^translate\(255\.0 /);
    rerender(
      <PlantView
        {...props}
        snapshot={snapshot}
        simulation={{ state: 'paused', timeScale: 1, timeMs: 1000 }}
        version={2}
      />,
    );
    expect(item().getAttribute('transform')).toBe(at);
    expect(root.querySelector('[data-conveyor="entry"]')!.classList).not.toContain('is-running');
  });

  it('moves the items on between snapshots while the belt runs, no further than the view may run ahead', async () => {
    const snapshot: PlantSnapshot = {
      timeMs: 1000,
      conveyors: [
        {
          name: 'entry',
          running: true,
          speed: 0.5,
          items: [{ id: 7, label: 'high', front: 2, length: 0.5 }],
        },
      ],
    };
    const { root } = setup({ snapshot, receivedAt: performance.now() });
    const x = () =>
      Number(
        /^translate\(([\d.]+) /.exec(root.querySelector('[data-item="7"]')!.getAttribute('transform')!)![1],
      );
    const start = x();
    // Drawn where the snapshot has it (255 units), moved on frame by frame with no new snapshot:
    // 0.5 m/s for at most 250 ms ahead is 12.5 units at the most.
    expect(start).toBeGreaterThanOrEqual(255);
    await new Promise((r) => setTimeout(r, 400));
    expect(x()).toBeGreaterThan(start);
    expect(x()).toBeLessThanOrEqual(255 + 12.5);
    expect(root.querySelectorAll('[data-item]')).toHaveLength(1);
  });

  it('shows a scene without behaviours as lamps (sensors) and switches (actuators), grouped by kind', () => {
    const scene = testScene([
      ['Part here', 'Bit', 'Input'],
      ['Motor', 'Bit', 'Output'],
    ]);
    const { root, calls } = setup({}, uiTags(scene), scene);
    expect(root.querySelector('svg')).toBeNull();
    expect(byRole(root, 'group', 'Sensors').textContent).toContain('Part here');
    const motor = spot(root, /^Actuator Motor/);
    press(motor);
    expect(calls).toEqual([
      { method: 'force', args: { id: scene.tags.find((t) => t.name === 'Motor')!.id, value: true } },
    ]);
  });

  it("lists, and draws dashed, a saved scene's parts that nothing moves, with their tags", () => {
    const base = testScene([
      ['Belt', 'Bit', 'Output'],
      ['Turn', 'Bit', 'Output'],
      ['At 90', 'Bit', 'Input'],
    ]);
    const scene: SceneDefinition = {
      ...base,
      behaviours: [{ conveyor: 'Belt', length: 2, speed: 0.5, runs: { tag: 'Belt', equals: true } }],
      layout: {
        conveyors: { Belt: { x: 1, y: 1 } },
        parts: [
          {
            part: 'turntable',
            label: 'Turntable 1',
            x: 4,
            y: 0.5,
            width: 1.25,
            height: 1.25,
            simulated: false,
            tags: [
              { tag: 'Turn', role: 'switch' },
              { tag: 'At 90', role: 'lamp' },
            ],
          },
        ],
      },
    };
    const { root } = setup({}, uiTags(scene), scene);
    const still = root.querySelector('.plant-unsimulated')!;
    expect(still.querySelector('summary')!.textContent).toBe(
      'Not simulated: 1 part (dashed); their tags are yours to set',
    );
    expect(still.querySelector('li')!.textContent).toBe('Turntable 1: Turn, At 90');
    const drawn = root.querySelector('[data-part="Turntable 1"]')!;
    expect(drawn.getAttribute('class')).toContain('part-unsimulated');
    expect(drawn.querySelector('title')!.textContent).toBe(
      'Turntable 1 (not simulated: its tags are yours to set)',
    );
    // A scene whose plant moves everything it draws lists nothing.
    expect(setup().root.querySelector('.plant-unsimulated')).toBeNull();
  });
});

describe("the Plant view's open state", () => {
  /** A window's bridge whose host events the test sends, and a probe that shows the state. */
  function opened(scene: string) {
    const listeners = new Set<(message: BridgeEventMessage) => void>();
    const client = createBridgeClient({
      invoke: async () => null,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    const send = (message: BridgeEventMessage) => act(() => listeners.forEach((l) => l(message)));
    function Probe() {
      const [open] = usePlantOpen(scene, client);
      return <p>{open ? 'open' : 'closed'}</p>;
    }
    const { root } = mount(<Probe />);
    return { root, send };
  }

  it("toggles on the desktop app's View ▸ Plant (togglePlant) and not on View ▸ Traffic", () => {
    localStorage.clear();
    const { root, send } = opened('Filling Tank');
    expect(root.textContent).toBe('closed');
    send({ event: 'togglePlant', payload: null });
    expect(root.textContent).toBe('open');
    expect(localStorage.getItem('tagsim.plantView:Filling Tank')).toBe('open');
    send({ event: 'toggleTraffic', payload: null });
    expect(root.textContent).toBe('open');
    send({ event: 'togglePlant', payload: null });
    expect(root.textContent).toBe('closed');
  });

  it('toggles once per Ctrl+Shift+E and takes the key, so the menu accelerator does not run too', () => {
    localStorage.clear();
    const { root } = opened('Palletizer');
    const event = keyDown('E', document, { ctrlKey: true, shiftKey: true });
    expect(root.textContent).toBe('open');
    expect(event.defaultPrevented).toBe(true);
    keyDown('E', document, { ctrlKey: true, shiftKey: true });
    expect(root.textContent).toBe('closed');
  });
});
