import type { ClockMode } from '../../shared/sim/virtual-clock.js';
import { Emitter } from '../../shared/core/emitter.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import { formatProblem, type PlacedProblem } from '../../shared/problems/problem-list.js';
import { type PlantSource, sceneBehaviours } from '../../shared/scenes/scene-plant.js';
import { Simulation, type SimulationStatus } from '../../shared/sim/simulation.js';

/** How often the host advances the simulation, in real milliseconds. */
export const SIMULATION_TICK_MS = 10;
/**
 * The most real time one tick counts. A longer gap (the machine slept, the event loop stalled)
 * slows the plant down for that tick instead of making it leap past what a client could see.
 */
export const MAX_TICK_GAP_MS = 250;
/**
 * How long a virtual advance runs before it lets the event loop serve others: an hour of
 * simulation time then keeps every other request waiting at most this long (docs/control-api.md).
 */
export const VIRTUAL_SLICE_MS = 10;

/** Where simulation time comes from (one definition, shared with the bridge). */
export type { ClockMode };

export interface SimulationHostOptions {
  /** Seed of the plant's random streams (default 1): the same seed, the same run. */
  seed?: number;
  /** Whether the simulation runs from the start (default true), as the simulator's scenes do. */
  startRunning?: boolean;
  /** Initial time scale, 0.25 to 8 (default 1). */
  timeScale?: number;
  tickMs?: number;
  maxGapMs?: number;
  /** The real clock in milliseconds (default performance.now). */
  now?: () => number;
  /** Starts a repeating timer and returns the function that stops it (default: an unref'd setInterval). */
  every?: (callback: () => void, ms: number) => () => void;
  /** Where a failing tick or listener goes; the timer never stops for it. */
  reportError?: (error: unknown) => void;
  /** 'virtual': simulation time stands still until `advance` (default 'real'). */
  clock?: ClockMode;
}

/** The simulation of a running TagSim, advanced by a real timer, following the scene served. */
export interface SimulationHost {
  readonly simulation: Simulation;
  readonly status: SimulationStatus;
  /** Where the plant that runs comes from: the scene's behaviours, a built-in's, or none. */
  readonly plantSource: PlantSource;
  /** How many behaviours the plant has. */
  readonly behaviourCount: number;
  /** Behaviours left out because they do not fit the scene (formatted `behaviours[2].then[0].set: ...`). */
  readonly problems: readonly string[];
  run(): SimulationStatus;
  pause(): SimulationStatus;
  reset(): SimulationStatus;
  /** The seed of the plant's random streams. */
  readonly seed: number;
  readonly clock: ClockMode;
  /** Switches the clock; a virtual advance under way stops where it is. */
  setClock(mode: ClockMode): SimulationStatus;
  /**
   * Runs `ms` of simulation time on the virtual clock as fast as the CPU allows, one 10 ms tick
   * after another, yielding to the event loop between slices; advances run one after another.
   * Stops early when the clock turns real, the simulation restarts or the host is disposed.
   * Resolves to the status it finished with (cut off: where it stopped, not the time after a
   * reset, nor the time of the advance that ran next). Rejects with a ClockModeError on the real
   * clock.
   */
  advance(ms: number): Promise<SimulationStatus>;
  /** Advances asked for and not yet done: the one running and those waiting for it. */
  readonly pendingAdvances: number;
  /**
   * Back to the scene's start: every tag's start state (initial value, and the scene's force and failure), the plant
   * from time 0 with its seed, the lifecycle as it started; the clock and time scale stay.
   */
  restart(): SimulationStatus;
  /** Sets the time scale, kept within 0.25x to 8x; returns the status with the scale applied. */
  setTimeScale(scale: number): SimulationStatus;
  /**
   * Hears of every change of state and time scale, and of each restart of the plant (a reset, a
   * new scene); returns the unsubscribe function.
   */
  onStatus(listener: (status: SimulationStatus) => void): () => void;
  /**
   * Hears of every tick of either clock, after the plant stepped: a scenario on a virtual clock
   * looks at each one, as it would at each real tick.
   */
  onTick(listener: () => void): () => void;
  /** Stops the timer and the scene subscription; the tags keep their values. */
  dispose(): void;
}

/** An advance asked of the real clock. */
export class ClockModeError extends Error {}

/**
 * Creates the simulation for the engine's scene and advances it every 10 ms by the real time
 * elapsed (performance.now deltas, each at most MAX_TICK_GAP_MS). When the engine loads another
 * scene, or an edit of this one, the plant is set again from that scene (its own behaviours, or
 * the built-in's of its name: sceneBehaviours) and starts over; running or paused and the time
 * scale stay.
 */
export function createSimulationHost(engine: TagEngine, options: SimulationHostOptions = {}): SimulationHost {
  const reportError = options.reportError ?? ((error: unknown) => console.error(error));
  const now = options.now ?? (() => performance.now());
  const every =
    options.every ??
    ((callback, ms) => {
      const timer = setInterval(callback, ms);
      timer.unref();
      return () => clearInterval(timer);
    });
  const maxGapMs = options.maxGapMs ?? MAX_TICK_GAP_MS;
  const statusEvents = new Emitter<SimulationStatus>(reportError);
  const tickEvents = new Emitter<void>(reportError);

  const first = sceneBehaviours(engine.scene);
  let plantSource = first.source;
  let behaviourCount = first.behaviours.length;
  let problems: readonly PlacedProblem[] = [];
  const seed = options.seed ?? 1;
  const simulation = new Simulation(engine, first.behaviours, {
    seed,
    startRunning: options.startRunning ?? true,
  });
  if (options.timeScale !== undefined) simulation.setTimeScale(options.timeScale);

  const follow = (keptState: boolean) => {
    const next = sceneBehaviours(engine.scene);
    // An edit that leaves the plant as it was (a description, an initial value) does not restart it.
    if (keptState && problems.length === 0 && simulation.runs(next.behaviours)) {
      plantSource = next.source;
      return;
    }
    plantSource = next.source;
    behaviourCount = next.behaviours.length;
    problems = [];
    try {
      simulation.setBehaviours(next.behaviours);
    } catch (error) {
      // A scene's own behaviours were checked against its tags when it was read: not expected.
      problems = (error as { problems?: readonly PlacedProblem[] }).problems ?? [];
      plantSource = 'none';
      behaviourCount = 0;
      simulation.setBehaviours([]);
      reportError(error);
    }
    statusEvents.emit(simulation.status);
  };

  let clock: ClockMode = options.clock ?? 'real';
  let last = now();
  let stopTimer: (() => void) | undefined;
  const startTimer = () => {
    last = now();
    stopTimer = every(tick, options.tickMs ?? SIMULATION_TICK_MS);
  };
  // Bumped by whatever ends the advances under way: a restart, the real clock, dispose.
  let generation = 0;
  let advances: Promise<unknown> = Promise.resolve();
  let pendingAdvances = 0;
  // Where the advances of an ended generation stopped: each answers that, not the time after a reset.
  const stoppedAt = new Map<number, SimulationStatus>();
  const endAdvances = () => {
    if (pendingAdvances > 0) stoppedAt.set(generation, simulation.status);
    generation++;
  };
  const runVirtual = async (ms: number, asked: number): Promise<SimulationStatus> => {
    let left = ms;
    while (left > 0 && asked === generation) {
      const sliceEnd = performance.now() + VIRTUAL_SLICE_MS;
      do {
        const tickMs = Math.min(SIMULATION_TICK_MS, left);
        left -= tickMs;
        try {
          simulation.advanceVirtual(tickMs);
        } catch (error) {
          reportError(error);
        }
        if (tickEvents.size > 0) tickEvents.emit();
      } while (left > 0 && performance.now() < sliceEnd);
      if (left > 0) await new Promise((resolve) => setImmediate(resolve));
    }
    return asked === generation ? simulation.status : (stoppedAt.get(asked) ?? simulation.status);
  };

  const tick = () => {
    const at = now();
    const gap = Math.min(maxGapMs, Math.max(0, at - last));
    last = at;
    try {
      simulation.advance(gap);
    } catch (error) {
      reportError(error);
    }
    if (tickEvents.size > 0) tickEvents.emit();
  };

  const unsubscribers = [
    simulation.subscribe((status) => statusEvents.emit(status)),
    engine.subscribe((change) => {
      if (change.sceneChanged) follow(change.keptState === true);
    }),
    () => stopTimer?.(),
  ];
  if (clock === 'real') startTimer();

  return {
    simulation,
    get status() {
      return simulation.status;
    },
    get plantSource() {
      return plantSource;
    },
    get behaviourCount() {
      return behaviourCount;
    },
    get problems() {
      return [...problems, ...simulation.problems].map(formatProblem);
    },
    run() {
      simulation.run();
      return simulation.status;
    },
    pause() {
      simulation.pause();
      return simulation.status;
    },
    reset() {
      simulation.reset();
      return simulation.status;
    },
    setTimeScale(scale) {
      simulation.setTimeScale(scale);
      return simulation.status;
    },
    seed,
    get clock() {
      return clock;
    },
    setClock(mode) {
      if (mode === clock) return simulation.status;
      clock = mode;
      if (mode === 'real') {
        endAdvances();
        startTimer();
      } else {
        stopTimer?.();
        stopTimer = undefined;
      }
      return simulation.status;
    },
    advance(ms) {
      if (clock !== 'virtual')
        return Promise.reject(new ClockModeError('The clock is real: switch it to virtual to advance it.'));
      const asked = generation;
      pendingAdvances++;
      const done = advances
        .then(() => runVirtual(ms, asked))
        .finally(() => {
          if (--pendingAdvances === 0) stoppedAt.clear();
        });
      advances = done.catch(() => undefined);
      return done;
    },
    get pendingAdvances() {
      return pendingAdvances;
    },
    restart() {
      endAdvances();
      engine.restoreStates(new Map(), 'ui');
      simulation.restart();
      return simulation.status;
    },
    onStatus: (listener) => statusEvents.on(listener),
    onTick: (listener) => tickEvents.on(listener),
    dispose() {
      endAdvances();
      unsubscribers.forEach((unsubscribe) => unsubscribe());
      unsubscribers.length = 0;
    },
  };
}
