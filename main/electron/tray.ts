import type {
  BridgeApi,
  ModbusStatus,
  ServerStatus,
  SimulationStatus,
} from '../../shared/bridge/bridge-spec.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import type { TagValue } from '../../shared/core/tag-types.js';
import type { ScenesState } from '../../shared/scenes/scene-document.js';
import type { TrayIconState } from './app-paths.js';
import { menuKey, type MenuTemplateItem, toMenuTemplate } from './menu-model.js';
import type { SceneCommand } from './scene-menu.js';
import { keepMenuInStep, type MenuRefresh, type MenuSource } from './menu-refresh.js';
import { buildTrayModel, countFaults, type TrayAction, type TrayState } from './tray-menu.js';

/** At most one tray rebuild in this interval, however fast the API changes tags (docs/desktop.md, "Tray"). */
export const TRAY_REBUILD_INTERVAL_MS = 200;

/** The part of Electron's Tray used here. */
export interface TrayLike<M> {
  setImage(image: string): void;
  setToolTip(toolTip: string): void;
  setContextMenu(menu: M | null): void;
}

export { type MenuTemplateItem, toMenuTemplate };

/** What the tray's actions act on. */
export interface TrayActionDeps {
  /** The bridge, so the tray changes the core exactly as the window does. */
  api: BridgeApi;
  /** The raw value of a tag now (for 'hold'), or undefined if the scene has no such tag. */
  rawValue(id: string): TagValue | undefined;
  openWindow(): void;
  /** Runs a command of the "Scenes" submenu (scene-actions.ts: dialogs, prompts). */
  scene(command: SceneCommand): Promise<unknown>;
  /** Saves the setting "Run when TagSim starts" (a setting of the app, not of the bridge). */
  setStartRunning(startRunning: boolean): Promise<unknown>;
  quit(): void;
  reportError(error: unknown): void;
}

/** Runs a tray action. Never rejects: a problem is reported, the tray shows the state anyway. */
export async function runTrayAction(action: TrayAction, deps: TrayActionDeps): Promise<void> {
  const { api } = deps;
  try {
    let problem: unknown = null;
    switch (action.kind) {
      case 'openWindow':
        return deps.openWindow();
      case 'quit':
        return deps.quit();
      case 'scene':
        await deps.scene(action.command);
        return;
      case 'setFailure':
        problem = await api.setFailure({ id: action.id, failure: action.failure });
        break;
      case 'force':
        problem = await api.force({ id: action.id, value: action.value });
        break;
      case 'hold': {
        const value = deps.rawValue(action.id);
        if (value === undefined) return;
        problem = await api.force({ id: action.id, value });
        break;
      }
      case 'release':
        problem = await api.release({ id: action.id });
        break;
      case 'releaseAll':
        return await api.releaseAll();
      case 'clearFailures':
        return await api.clearFailures();
      case 'startServer':
        await api.startServer(undefined);
        return;
      case 'stopServer':
        await api.stopServer();
        return;
      case 'simulation':
        if (action.command === 'run') await api.runSimulation();
        else if (action.command === 'pause') await api.pauseSimulation();
        else await api.resetSimulation();
        return;
      case 'setTimeScale':
        await api.setTimeScale({ scale: action.scale });
        return;
      case 'advanceClock':
        await (action.ms === 'step' ? api.stepClock() : api.advanceClock({ ms: action.ms }));
        return;
      case 'setClock':
        await api.setClock({ mode: action.mode });
        return;
      case 'clearChaos':
        await api.clearChaos();
        return;
      case 'driver':
        if (action.connect) await api.connectDriver({ driver: action.driver });
        else await api.disconnectDriver({ driver: action.driver });
        return;
      case 'setStartRunning':
        await deps.setStartRunning(action.startRunning);
        return;
    }
    if (problem !== null)
      deps.reportError(new Error(`Tray action ${action.kind}: ${JSON.stringify(problem)}`));
  } catch (error) {
    deps.reportError(error);
  }
}

/**
 * The tray's view of the core: the server, the pinned tags, the fault counts, the scenes, and the
 * simulation with the setting "Run when TagSim starts".
 */
export function readTrayState(
  engine: TagEngine,
  server: ServerStatus,
  pinnedIds: readonly string[],
  scenes: ScenesState,
  simulation?: SimulationStatus,
  startRunning?: boolean,
  modbus?: ModbusStatus,
  control?: Pick<TrayState, 'clock' | 'chaosRules' | 'drivers'>,
): TrayState {
  return {
    server,
    ...(modbus ? { modbus } : {}),
    ...(control?.drivers && control.drivers.length > 0 ? { drivers: control.drivers } : {}),
    pinned: pinnedIds.flatMap((id) => engine.getTagState(id) ?? []),
    ...countFaults(engine.listTags(), engine.scene.tags),
    scenes,
    ...(simulation ? { simulation } : {}),
    ...(startRunning !== undefined ? { startRunning } : {}),
    ...(control?.clock !== undefined ? { clock: control.clock } : {}),
    ...(control?.chaosRules !== undefined ? { chaosRules: control.chaosRules } : {}),
  };
}

export interface TrayControllerDeps<M> {
  tray: TrayLike<M>;
  buildMenu(template: MenuTemplateItem[]): M;
  iconPath(state: TrayIconState): string;
  readState(): TrayState;
  /** Sources of change (engine, server status, pins, scenes). */
  sources: readonly MenuSource[];
  run(action: TrayAction): void;
  intervalMs?: number;
  /** The clock of the interval (milliseconds). */
  now?: () => number;
}

/** Keeps the tray in step with the state. */
export type TrayController = MenuRefresh;

/**
 * Applies the tray model to the tray, rebuilding it whenever a source reports a change, at most
 * once per interval: the first change after a quiet interval rebuilds at once (on the next turn
 * of the event loop, not inside the writer's call), later ones wait for the end of the interval,
 * so a flood of changes costs one rebuild per interval and none is lost. Only what changed is
 * applied: the native menu is replaced only when the model's menu differs, so changing values it
 * does not show never tear down an open menu.
 */
export function createTrayController<M>(deps: TrayControllerDeps<M>): TrayController {
  const interval = deps.intervalMs ?? TRAY_REBUILD_INTERVAL_MS;
  const now = deps.now ?? Date.now;
  let shown: { icon?: string; tooltip?: string } = {};
  return keepMenuInStep({
    sources: deps.sources,
    now,
    delay: (lastRefresh) => Math.max(0, lastRefresh + interval - now()),
    apply: (shownMenu) => {
      const model = buildTrayModel(deps.readState());
      if (model.icon !== shown.icon) deps.tray.setImage(deps.iconPath(model.icon));
      if (model.tooltip !== shown.tooltip) deps.tray.setToolTip(model.tooltip);
      const key = menuKey(model.menu);
      if (key !== shownMenu) deps.tray.setContextMenu(deps.buildMenu(toMenuTemplate(model.menu, deps.run)));
      shown = { icon: model.icon, tooltip: model.tooltip };
      return key;
    },
  });
}
