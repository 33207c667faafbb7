import type { UiFileAccess } from '../../shared/bridge/bridge-spec.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import type { ClientDriverStatus } from '../../shared/drivers/driver-status.js';
import type { ClientDriver } from '../drivers/client-driver.js';
import type { SceneService } from '../runtime/scene-service.js';
import type { ClockMode, SimulationHost } from '../runtime/simulation-host.js';

/** What the control API acts on: the parts of one running TagSim. */
export interface ControlDeps {
  readonly engine: TagEngine;
  readonly scenes: SceneService;
  readonly simulation: SimulationHost;
  /** TagSim's version, for the status. */
  readonly version: string;
  /** The interface the server listens on now (the desktop app may move it while running). */
  readonly host: () => string;
  /** Whether scene files may be opened by path: decided for the host now, unless given. */
  readonly fileAccess: () => UiFileAccess;
  /**
   * Runs a reset, a scene change or a state restore so that a lab's hidden faults stay on
   * (HiddenFaults.carry); absent outside a lab.
   */
  readonly keepHiddenFaults?: <T>(action: () => Promise<T> | T) => Promise<T>;
  /** The drivers that connect out to a controller (made after the control API, so asked for when needed). */
  readonly drivers?: () => readonly ClientDriver[];
}

/** `GET /tagsim/v1/status`: what a test needs to know of the station at a glance. */
export interface ControlStatus {
  version: string;
  scene: string;
  tags: number;
  running: boolean;
  /** The lifecycle's state: running, paused, or stopped (not started yet). */
  state: 'running' | 'paused' | 'stopped';
  clock: ClockMode;
  timeScale: number;
  simTimeMs: number;
  seed: number;
  /** The drivers that connect out to a controller, when the station runs any (docs/control-api.md). */
  drivers?: ClientDriverStatus[];
}

/** The status now, or with `sim` the simulation's status an action finished with (an advance). */
export function controlStatus(deps: ControlDeps, sim = deps.simulation.status): ControlStatus {
  const { scene } = deps.engine;
  const drivers = deps.drivers?.() ?? [];
  return {
    version: deps.version,
    scene: scene.name,
    tags: scene.tags.length,
    running: sim.state === 'running',
    state: sim.state,
    clock: deps.simulation.clock,
    timeScale: sim.timeScale,
    simTimeMs: sim.timeMs,
    seed: deps.simulation.seed,
    ...(drivers.length > 0 ? { drivers: drivers.map((driver) => driver.status) } : {}),
  };
}
