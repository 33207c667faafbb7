// The tray of a lab PC whose presets lock "Run when TagSim starts" and turn the fault controls
// off (docs/desktop.md, "Presets for a lab").
import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../shared/bridge/bridge-spec.js';
import type { ScenesState } from '../../shared/scenes/scene-document.js';
import { buildTrayModel, type TrayMenuItem, type TrayState } from '../../main/electron/tray-menu.js';

const LISTENING: ServerStatus = {
  state: 'listening',
  host: '127.0.0.1',
  port: 7410,
  url: 'http://127.0.0.1:7410',
  controllable: true,
};
const SCENES: ScenesState = {
  builtins: ['Sorting by Height (Basic)'],
  recent: [],
  document: {
    scene: { name: 'Sorting by Height (Basic)', tags: [] },
    origin: 'builtin',
    dirty: false,
    canUndo: false,
    canRedo: false,
  },
} as unknown as ScenesState;
const running = { state: 'running', timeScale: 1, timeMs: 0 } as const;
const state = (partial: Partial<TrayState> = {}): TrayState => ({
  server: LISTENING,
  pinned: [],
  forced: 1,
  failed: 1,
  scenes: SCENES,
  simulation: running,
  startRunning: true,
  ...partial,
});
const labels = (items: readonly TrayMenuItem[]) =>
  items.map((item) => (item.type === 'separator' ? '---' : item.label));
const simulation = (items: readonly TrayMenuItem[]) => {
  const found = items.find((i) => i.type === 'submenu' && i.label === 'Simulation');
  if (found?.type !== 'submenu') throw new Error('no Simulation submenu');
  return found.submenu;
};

describe('the tray under presets', () => {
  it('has no quick faults, Release all forces or Clear all failures in student mode', () => {
    const normal = labels(buildTrayModel(state()).menu);
    expect(normal).toEqual(
      expect.arrayContaining(['Quick faults', 'Release all forces', 'Clear all failures']),
    );
    const student = labels(buildTrayModel(state({ hideFaultControls: true })).menu);
    expect(student).toStrictEqual(
      normal.filter((l) => !['Quick faults', 'Release all forces', 'Clear all failures'].includes(l ?? '')),
    );
    // The faults the API put on still show in the icon and the tooltip.
    expect(buildTrayModel(state({ hideFaultControls: true })).icon).toBe('faults');
  });

  it('has no Chaos submenu in student mode, while the Clock stays', () => {
    const withControl = state({ clock: 'virtual', chaosRules: 2 });
    expect(labels(buildTrayModel(withControl).menu)).toEqual(expect.arrayContaining(['Clock', 'Chaos']));
    const student = labels(buildTrayModel({ ...withControl, hideFaultControls: true }).menu);
    expect(student).toContain('Clock');
    expect(student).not.toContain('Chaos');
  });

  it('shows a locked "Run when TagSim starts" disabled, with the reason, and no action', () => {
    for (const startRunning of [true, false]) {
      const sim = simulation(buildTrayModel(state({ startRunning, startRunningLocked: true })).menu);
      expect(sim.at(-1)).toStrictEqual({
        type: 'normal',
        label: `Run when TagSim starts: ${startRunning ? 'yes' : 'no'} (set by your lab's presets)`,
        enabled: false,
        toolTip: "Set by your lab's presets",
      });
    }
    expect(simulation(buildTrayModel(state()).menu).at(-1)).toMatchObject({ type: 'checkbox' });
  });
});
