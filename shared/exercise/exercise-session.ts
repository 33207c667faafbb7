import type { TagEngine } from '../core/tag-engine.js';
import type { FaultLog } from '../lab/fault-log.js';
import type { StationFaults } from '../lab/lab-fault.js';
import { bindSchedule, type ScheduleRunner, type ScheduleTaskStatus } from '../lab/schedule-runner.js';
import { formatProblem } from '../problems/problem-list.js';
import { ExerciseClock } from './exercise-clock.js';
import { exerciseAccess, type PlantSource } from './exercise-access.js';
import { ExerciseRun, type ExerciseGrade } from './exercise-run.js';
import type { BoundExercise } from './exercise-types.js';

/** How much sooner than due (ms of plant time) alarmAt wakes a host. */
const EARLY_MS = 1e-3;

/**
 * A station an exercise runs on: its engine, its faults (the exercise's are the instructor's:
 * hidden as the file says, and logged when the student's client takes one off) and its simulation.
 */
export interface GradedStation extends StationFaults {
  readonly number: number;
  readonly engine: TagEngine;
  /** Its simulation: the plant's counts, and plant time since the start or the last reset. */
  readonly simulation: PlantSource;
}

/** A station's grade with its wall-clock times, as a view or a report shows it. */
export interface StationGrade extends ExerciseGrade {
  /** When it started and ended, ms since the epoch. */
  readonly startedAt: number;
  readonly endedAt: number | undefined;
  /** The exercise's faults on this station: waiting, on, done. */
  readonly faults: readonly ScheduleTaskStatus[];
}

/**
 * One exercise running on one station, from the moment it starts: exercise time is the
 * station's simulation time since then (counting on across a reset of the simulation, standing
 * still while it is paused), the exercise's faults go on and off at their exercise times (logged
 * in the lab's fault log, hidden as the file says), and the run grades the station at each
 * `tick()`. Its host calls that after a tick of the simulation at which something changed or a
 * decision came due (`dueAt`; station-exercise.ts arms the simulation's alarm for it), or simply
 * after every tick: the grade comes out the same. The station is expected to be at its start
 * already (the host resets it and applies the start state first).
 */
export class ExerciseSession {
  readonly run: ExerciseRun;
  readonly startedAt: number;
  private endedAt: number | undefined;
  private readonly time: ExerciseClock;
  private readonly schedule: ScheduleRunner | undefined;
  /** What the last look saw: the engine's version and the plant's changes. */
  private seen = { version: -1, tallies: undefined as unknown, changes: -1 };
  /** Whether one of the exercise's faults went on or off since the last look. */
  private faultsMoved = false;

  constructor(
    readonly exercise: BoundExercise,
    private readonly station: GradedStation,
    private readonly options: { readonly log: FaultLog; readonly now: () => number; readonly seed: number },
  ) {
    this.startedAt = options.now();
    this.time = new ExerciseClock(station.simulation);
    const access = exerciseAccess(station.engine, station.simulation, exercise.plant);
    this.run = new ExerciseRun(exercise, access);
    if (exercise.faults.faults.length > 0) {
      const bound = bindSchedule(exercise.faults, [station], {
        seed: exercise.faults.seed ?? options.seed,
        log: options.log,
        now: options.now,
        onChange: (task, t) => {
          if (task.state === 'on') this.run.faultOn(task.name, t);
          this.faultsMoved = true;
        },
      });
      // bindExercise checked every fault against this scene: a problem here is a changed scene.
      if ('problems' in bound) throw new Error(bound.problems.map(formatProblem).join('; '));
      this.schedule = bound.runner;
    }
  }

  /**
   * Looks at the station now, after a tick of its simulation; returns whether the grade changed
   * in a way a view shows (a criterion decided, a fault of the exercise on or off, the end). A
   * tick at which no tag and nothing of the plant changed decides nothing until the run is due
   * (ExerciseRun.dueAt): it is skipped at once.
   */
  tick(): boolean {
    if (this.run.status !== 'running') return false;
    const t = this.time.now();
    this.schedule?.update(t);
    const { engine, simulation } = this.station;
    const { tallies, changes } = simulation.plantNow;
    const seen = this.seen;
    const quiet =
      !this.faultsMoved &&
      engine.version === seen.version &&
      tallies === seen.tallies &&
      changes === seen.changes &&
      t < this.run.dueAt;
    if (quiet) return false;
    seen.version = engine.version;
    seen.tallies = tallies;
    seen.changes = changes;
    const faultsMoved = this.faultsMoved;
    this.faultsMoved = false;
    const changed = this.run.update(t);
    if (this.run.status !== 'running') this.end(t);
    return changed || faultsMoved;
  }

  /**
   * After a tick: the exercise time by which it must look again though nothing on the station
   * changes (the run's next decision, the next move of its faults); Infinity once it is over.
   */
  get dueAt(): number {
    if (this.run.status !== 'running') return Infinity;
    return Math.min(this.run.dueAt, this.schedule?.dueAt ?? Infinity);
  }

  /**
   * After a tick: the plant time (of the plant running now) for the simulation's alarm
   * (shared/sim/plant-alarm.ts), which wakes its host for the next tick at which it must look
   * though nothing changes: when it is due, or at exercise time `alsoAtMs` (a window's clock);
   * Infinity: on a change only. A hair early rather than late: a look that comes early is one
   * skipped tick (the session decides by exercise time itself); one that came late would decide
   * at another tick than a host that looks at every tick.
   */
  alarmAt(alsoAtMs = Infinity): number {
    const due = Math.min(this.dueAt, alsoAtMs);
    return due === Infinity ? Infinity : this.time.plantTimeAt(due) - EARLY_MS;
  }

  /** Ends it now, ungraded where undecided (the instructor stopped it, the scene changed). */
  stop(reason: string): void {
    if (this.run.status !== 'running') return;
    const t = this.time.now();
    this.run.stop(reason, t);
    this.end(t);
  }

  /** Exercise time now while it runs (the plant's, read now), at its end once it is over. */
  get timeMs(): number {
    return this.run.status === 'running' ? this.time.now() : this.run.timeMs;
  }

  get grade(): StationGrade {
    return {
      ...this.run.grade,
      timeMs: this.timeMs,
      startedAt: this.startedAt,
      endedAt: this.endedAt,
      faults: this.schedule?.tasks ?? [],
    };
  }

  private end(t: number): void {
    this.endedAt = this.options.now();
    // The exercise is over: its faults come off the station.
    this.schedule?.stop(t);
  }
}
