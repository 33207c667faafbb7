// The tray's "Clock" and "Chaos" submenus (docs/desktop.md, "Tray"): the model for each clock and
// rule count, and clicks that reach the same clock and rules the control API serves.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerStatus, SimulationStatus } from '../../shared/bridge/bridge-spec.js';
import { buildTrayModel, type TrayMenuItem, type TrayState } from '../../main/electron/tray-menu.js';
import { createTrayController, readTrayState, runTrayAction } from '../../main/electron/tray.js';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { BUILTIN_SCENE_NAMES } from '../../shared/scenes/builtin-scenes.js';
import { apiClient } from '../support/http-client.js';
import { FakeTray, findItem, type FakeMenu } from './fakes/tray.js';

const LISTENING: ServerStatus = {
  state: 'listening',
  host: '127.0.0.1',
  port: 7410,
  url: 'http://127.0.0.1:7410',
  controllable: true,
};
const RUNNING: SimulationStatus = { state: 'running', timeScale: 1, timeMs: 0 };

const base = (partial: Partial<TrayState>): TrayState => ({
  server: LISTENING,
  pinned: [],
  forced: 0,
  failed: 0,
  scenes: {
    builtins: [],
    recent: [],
    document: {
      scene: { name: 'Plant', tags: [] },
      origin: 'builtin',
      dirty: false,
      canUndo: false,
      canRedo: false,
    },
  },
  ...partial,
});

function submenu(state: TrayState, label: string): TrayMenuItem[] {
  const item = buildTrayModel(state).menu.find((i) => i.type === 'submenu' && i.label === label);
  if (!item || item.type !== 'submenu') throw new Error(`no ${label} submenu`);
  return item.submenu;
}
const shown = (items: TrayMenuItem[]) =>
  items.map((i) =>
    i.type === 'separator'
      ? '---'
      : i.type === 'radio'
        ? `${i.checked ? '(o)' : '( )'} ${i.label}`
        : i.type === 'normal'
          ? `${i.label}${i.enabled ? '' : ' [off]'}`
          : i.label,
  );

describe('the Clock and Chaos submenus', () => {
  it('offers Step and the advances on the virtual clock only, and Real/Virtual as radios', () => {
    expect(shown(submenu(base({ simulation: RUNNING, clock: 'virtual' }), 'Clock'))).toEqual([
      'Virtual clock [off]',
      '---',
      'Run [off]',
      'Pause',
      'Step',
      'Advance 1 s',
      'Advance 10 s',
      'Advance 60 s',
      '---',
      '( ) Real',
      '(o) Virtual',
    ]);
    const real = shown(submenu(base({ simulation: RUNNING, clock: 'real' }), 'Clock'));
    expect(real).toContain('Step [off]');
    expect(real).toContain('Advance 60 s [off]');
    expect(real).toContain('(o) Real');
  });

  it('counts the chaos rules, and has no Clock or Chaos where there is no simulation or control API', () => {
    expect(shown(submenu(base({ chaosRules: 0 }), 'Chaos'))).toEqual([
      'No chaos rules [off]',
      'Clear rules [off]',
    ]);
    expect(shown(submenu(base({ chaosRules: 2 }), 'Chaos'))).toEqual([
      '2 chaos rules in force [off]',
      'Clear rules',
    ]);
    const labels = buildTrayModel(base({})).menu.map((i) => (i.type === 'separator' ? '---' : i.label));
    expect(labels).not.toContain('Clock');
    expect(labels).not.toContain('Chaos');
  });
});

describe('clicking Clock and Chaos on a real TagSim', () => {
  let tagsim: TagSim | undefined;
  afterEach(async () => {
    await tagsim?.close();
    tagsim = undefined;
  });

  it('steps, advances, switches the clock and clears the rules that GET /tagsim/v1/... then shows', async () => {
    tagsim = await startTagSim({
      server: { port: 0 },
      simulation: { startRunning: true, clock: 'virtual', every: () => () => undefined },
      bridge: { every: () => () => undefined },
      control: { chaos: [{ path: '/api/tags', status: 503 }] },
    });
    const t = tagsim;
    const http = apiClient(t.url!);
    const reportError = vi.fn();
    let menu: FakeMenu | undefined;
    let pending: Promise<void>[] = [];
    const rebuild = () => {
      const tray = new FakeTray();
      createTrayController<FakeMenu>({
        tray,
        buildMenu: (template) => ({ template }),
        iconPath: () => 'icon.png',
        readState: () =>
          readTrayState(
            t.engine,
            t.server.status,
            [],
            { builtins: [...BUILTIN_SCENE_NAMES], recent: [], document: t.scenes.document },
            t.simulation.status,
            undefined,
            undefined,
            { clock: t.simulation.clock, chaosRules: t.control!.chaos.list().length },
          ),
        sources: [],
        run: (action) =>
          pending.push(
            runTrayAction(action, {
              api: t.bridge.api,
              rawValue: () => undefined,
              openWindow: vi.fn(),
              scene: vi.fn(async () => undefined),
              setStartRunning: vi.fn(async () => undefined),
              quit: vi.fn(),
              reportError,
            }),
          ),
      }).dispose();
      menu = tray.menu;
    };
    const click = async (...path: string[]) => {
      findItem(menu!.template, path).click?.();
      await Promise.all(pending);
      pending = [];
      rebuild();
    };
    const simTime = async () =>
      ((await http.get('/tagsim/v1/status')).json as { simTimeMs: number }).simTimeMs;

    rebuild();
    await click('Clock', 'Step');
    expect(await simTime()).toBe(10);
    await click('Clock', 'Advance 10 s');
    expect(await simTime()).toBe(10_010);
    await click('Clock', 'Pause');
    expect(t.simulation.status.state).toBe('paused');
    await click('Clock', 'Real');
    expect((await http.get('/tagsim/v1/status')).json).toMatchObject({ clock: 'real' });
    expect(findItem(menu!.template, ['Clock', 'Step']).enabled).toBe(false);

    expect(findItem(menu!.template, ['Chaos', '1 chaos rule in force'])).toBeDefined();
    await click('Chaos', 'Clear rules');
    expect((await http.get('/tagsim/v1/chaos')).json).toEqual({ rules: [] });
    expect(findItem(menu!.template, ['Chaos', 'No chaos rules'])).toBeDefined();
    expect(reportError).not.toHaveBeenCalled();
  });
});
