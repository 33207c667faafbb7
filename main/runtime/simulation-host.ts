import { Emitter } from '../../shared/core/emitter.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import { formatProblem, type SceneProblem } from '../../shared/scenes/scene-problems.js';
import { type PlantSource, sceneBehaviours } from '../../shared/sim/scene-behaviours.js';
import { Simulation, type SimulationStatus } from '../../shared/sim/simulation.js';

/** How often the host advances the simulation, in real milliseconds. */
export const SIMULATION_TICK_MS = 10;
/**
 * The most real time one tick counts. A longer gap (the machine slept, the event loop stalled)
 * slows the plant down for that tick instead of making it leap past what a client could see.
 */
export const MAX_TICK_GAP_MS = 250;

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
  /** Sets the time scale, kept within 0.25x to 8x; returns the status with the scale applied. */
  setTimeScale(scale: number): SimulationStatus;
  /**
   * Hears of every change of state and time scale, and of each restart of the plant (a reset, a
   * new scene); returns the unsubscribe function.
   */
  onStatus(listener: (status: SimulationStatus) => void): () => void;
  /** Stops the timer and the scene subscription; the tags keep their values. */
  dispose(): void;
}

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

  const first = sceneBehaviours(engine.scene);
  let plantSource = first.source;
  let behaviourCount = first.behaviours.length;
  let problems: readonly SceneProblem[] = [];
  const simulation = new Simulation(engine, first.behaviours, {
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
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
      problems = (error as { problems?: readonly SceneProblem[] }).problems ?? [];
      plantSource = 'none';
      behaviourCount = 0;
      simulation.setBehaviours([]);
      reportError(error);
    }
    statusEvents.emit(simulation.status);
  };

  let last = now();
  const tick = () => {
    const at = now();
    const gap = Math.min(maxGapMs, Math.max(0, at - last));
    last = at;
    try {
      simulation.advance(gap);
    } catch (error) {
      reportError(error);
    }
  };

  const unsubscribers = [
    simulation.subscribe((status) => statusEvents.emit(status)),
    engine.subscribe((change) => {
      if (change.sceneChanged) follow(change.keptState === true);
    }),
    every(tick, options.tickMs ?? SIMULATION_TICK_MS),
  ];

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
    onStatus: (listener) => statusEvents.on(listener),
    dispose() {
      unsubscribers.forEach((unsubscribe) => unsubscribe());
      unsubscribers.length = 0;
    },
  };
}
