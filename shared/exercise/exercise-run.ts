import type { BoundCondition } from '../conditions/condition-types.js';
import {
  conditionPlantParts,
  describeActual,
  describeCondition,
  formatDuration,
} from '../conditions/describe-condition.js';
import {
  compileCondition,
  type ConditionWatch,
  type PlantReader,
  type ReadTag,
  type TagAccess,
} from '../conditions/watch-condition.js';
import type { BoundCriterion, BoundExercise } from './exercise-types.js';

/** Where one criterion stands: not decided yet, met, or failed. */
export type CriterionState = 'pending' | 'met' | 'failed';

export interface CriterionGrade {
  readonly state: CriterionState;
  /** Exercise time at which it was decided. */
  readonly atMs?: number;
  /** Why, in words, with what the plant showed then. */
  readonly reason?: string;
}

/** Not started, running, ended (completed or at the time limit: graded), or stopped (not graded). */
export type ExerciseStatus = 'ready' | 'running' | 'ended' | 'stopped';

/** A station's grade at one moment. */
export interface ExerciseGrade {
  readonly status: ExerciseStatus;
  /** Exercise time: simulation time since the start (or until the end). */
  readonly timeMs: number;
  readonly points: number;
  /** Whether the points reached the pass mark, once the exercise ended. */
  readonly passed: boolean | undefined;
  /** Why it ended or stopped: `completed`, `time limit`, `stopped by the instructor`... */
  readonly endReason?: string;
  /** One per criterion, in the file's order. */
  readonly criteria: readonly CriterionGrade[];
}

/** How a run reads the station: tags (effective Outputs, the plant's own Inputs) and the plant. */
export interface ExerciseAccess {
  readonly tag: TagAccess;
  readonly read: ReadTag;
  readonly plant: PlantReader;
}

interface Judge {
  readonly criterion: BoundCriterion;
  grade: CriterionGrade;
  readonly watch: ConditionWatch;
  readonly event?: ConditionWatch;
  /** A reaction's start, once it happened, and the watch of its expectation from then on. */
  started?: { atMs: number; what: string; expect: ConditionWatch };
}

/**
 * Grades one station against an exercise, moment by moment (docs/lab.md, "Exercises and
 * grading"). The host calls `update(t)` with exercise time at every tick of the simulation, and
 * `faultOn(name, t)` when one of the exercise's faults goes on. A criterion is decided once and
 * stays so; the run ends at the time limit, or as soon as every reach and reaction is decided
 * (the invariants, `always` and `never`, then count as held). Everything it reads comes from the
 * plant: its items and belts, the Outputs as the plant obeys them, the Inputs as the plant sets
 * them (a force the student's program puts on a sensor does not fool it).
 */
export class ExerciseRun {
  private readonly judges: Judge[];
  private readonly faultTimes = new Map<string, number>();
  private state: ExerciseStatus = 'running';
  private due = 0;
  /** Whether it has criteria that end it early once decided (a reach or a reaction). */
  private readonly decisive: boolean;
  private endReason: string | undefined;
  private nowMs = 0;

  constructor(
    readonly exercise: BoundExercise,
    private readonly access: ExerciseAccess,
  ) {
    // Every count the run may read, asked for now: a count counts from the start of the
    // exercise, though a reaction's expectation is only watched from its event on.
    for (const c of exercise.criteria)
      for (const part of conditionPlantParts(c.condition))
        if (part.type === 'items') access.plant.items(part.conveyor, part.count, part.label);
    this.decisive = exercise.criteria.some((c) => c.kind === 'reach' || c.kind === 'react');
    this.judges = exercise.criteria.map((criterion) => ({
      criterion,
      grade: { state: 'pending' },
      watch: this.watch(criterion.condition),
      ...(criterion.kind === 'react' && 'when' in criterion.after
        ? { event: this.watch(criterion.after.when) }
        : {}),
    }));
  }

  /** One of the exercise's faults went on at exercise time `t`. */
  faultOn(name: string, t: number): void {
    if (!this.faultTimes.has(name)) this.faultTimes.set(name, t);
  }

  /**
   * Exercise time `t` has come (never going back): decides what can be decided. Returns whether
   * anything changed that a view shows (a criterion decided, the end).
   */
  update(t: number): boolean {
    if (this.state !== 'running') return false;
    // A tick that jumped past the limit (a busy machine, a fast time scale) grades nothing after it.
    if (t > this.exercise.timeLimitMs) {
      this.nowMs = this.exercise.timeLimitMs;
      this.finish('time limit');
      return true;
    }
    this.nowMs = t;
    let changed = false;
    let open = 0;
    for (const judge of this.judges) {
      if (judge.grade.state === 'pending') changed = this.judge(judge, t) || changed;
      const { kind } = judge.criterion;
      if (judge.grade.state === 'pending' && (kind === 'reach' || kind === 'react')) open++;
    }
    if (t >= this.exercise.timeLimitMs) this.finish('time limit');
    else if (this.decisive && open === 0) this.finish('completed');
    this.due = this.nextDue();
    return changed || this.state !== 'running';
  }

  /**
   * The exercise time by which the run must look at the station again though nothing on it
   * changes: the time limit, a reach's deadline, a started reaction's window, and the moment a
   * timer (`forMs`) of a watched condition completes. Until then a tick at which no tag, item or
   * belt changed cannot decide anything, and its host may skip it.
   */
  get dueAt(): number {
    return this.due;
  }

  private nextDue(): number {
    let due = this.exercise.timeLimitMs;
    for (const judge of this.judges) {
      if (judge.grade.state !== 'pending') continue;
      const { criterion, started } = judge;
      if (criterion.kind === 'reach' && criterion.byMs !== undefined) due = Math.min(due, criterion.byMs);
      if (criterion.kind !== 'react') due = Math.min(due, judge.watch.dueAt);
      else if (started) due = Math.min(due, started.atMs + criterion.withinMs, started.expect.dueAt);
      else if (judge.event) due = Math.min(due, judge.event.dueAt);
    }
    return due;
  }

  /** Ends the run now without grading what is not decided (the instructor stopped it, the scene changed). */
  stop(reason: string, t = this.nowMs): void {
    if (this.state !== 'running') return;
    this.nowMs = Math.max(this.nowMs, t);
    this.state = 'stopped';
    this.endReason = reason;
  }

  get status(): ExerciseStatus {
    return this.state;
  }

  /** Exercise time at the last update (or at the end). */
  get timeMs(): number {
    return this.nowMs;
  }

  get grade(): ExerciseGrade {
    const points = this.judges.reduce(
      (sum, j) => sum + (j.grade.state === 'met' ? j.criterion.points : 0),
      0,
    );
    return {
      status: this.state,
      timeMs: this.nowMs,
      points,
      passed: this.state === 'ended' ? points >= this.exercise.passMark : undefined,
      ...(this.endReason !== undefined ? { endReason: this.endReason } : {}),
      criteria: this.judges.map((j) => j.grade),
    };
  }

  private watch(condition: BoundCondition): ConditionWatch {
    return compileCondition(condition, this.access.tag, this.access.plant);
  }

  private actual(condition: BoundCondition): string {
    return describeActual(condition, this.access.read, this.access.plant);
  }

  /** Looks at one pending criterion at `t`; returns whether it was decided. */
  private judge(judge: Judge, t: number): boolean {
    // Runs for every open criterion at every tick of every station: it makes no string and no
    // closure until it decides (docs/performance.md, grading).
    const { criterion } = judge;
    switch (criterion.kind) {
      case 'reach': {
        const { byMs } = criterion;
        // A tick past the deadline is too late to reach it, whatever it shows.
        if (byMs !== undefined && t > byMs) return this.late(judge, criterion.condition, byMs);
        if (judge.watch.update(t)) return decide(judge, 'met', t, `reached at ${formatDuration(t)}`);
        return byMs !== undefined && t >= byMs ? this.late(judge, criterion.condition, byMs) : false;
      }
      case 'always':
        if (judge.watch.update(t)) return false;
        return decide(
          judge,
          'failed',
          t,
          `broken at ${formatDuration(t)}: ${describeCondition(criterion.condition)} did not hold; ${this.actual(criterion.condition)}`,
        );
      case 'never':
        if (!judge.watch.update(t)) return false;
        return decide(
          judge,
          'failed',
          t,
          `happened at ${formatDuration(t)}: ${describeCondition(criterion.condition)}; ${this.actual(criterion.condition)}`,
        );
      case 'react':
        return this.judgeReaction(judge, criterion, t);
    }
  }

  /** A reach not reached by its deadline. */
  private late(judge: Judge, condition: BoundCondition, byMs: number): boolean {
    return decide(
      judge,
      'failed',
      byMs,
      `not reached by ${formatDuration(byMs)}: ${describeCondition(condition)}; then ${this.actual(condition)}`,
    );
  }

  private judgeReaction(
    judge: Judge,
    criterion: Extract<BoundCriterion, { kind: 'react' }>,
    t: number,
  ): boolean {
    if (!judge.started) {
      const { after } = criterion;
      const faultAt = 'fault' in after ? this.faultTimes.get(after.fault) : undefined;
      const happened = 'fault' in after ? faultAt !== undefined : judge.event!.update(t);
      if (!happened) return false;
      const what = 'fault' in after ? `the fault '${after.fault}'` : describeCondition(after.when);
      judge.started = { atMs: faultAt ?? t, what, expect: this.watch(criterion.condition) };
    }
    const { atMs, what, expect } = judge.started;
    const took = t - atMs;
    // A tick past the window is too late for the reaction, whatever it shows.
    if (took <= criterion.withinMs && expect.update(t))
      return decide(judge, 'met', t, `${formatDuration(took)} after ${what}`);
    if (took < criterion.withinMs) return false;
    return decide(
      judge,
      'failed',
      atMs + criterion.withinMs,
      `not within ${formatDuration(criterion.withinMs)} of ${what} (at ${formatDuration(atMs)}): ${describeCondition(criterion.condition)}; then ${this.actual(criterion.condition)}`,
    );
  }

  /** Ends the run: what is still open is decided as the end decides it. */
  private finish(reason: 'time limit' | 'completed'): void {
    const t = this.nowMs;
    for (const judge of this.judges) {
      if (judge.grade.state !== 'pending') continue;
      const { criterion } = judge;
      if (criterion.kind === 'always' || criterion.kind === 'never') {
        judge.grade = { state: 'met', atMs: t, reason: `held for the whole exercise (${formatDuration(t)})` };
      } else if (criterion.kind === 'reach') {
        judge.grade = {
          state: 'failed',
          atMs: t,
          reason: `not reached in the ${formatDuration(t)} of the exercise: ${describeCondition(criterion.condition)}; at the end ${this.actual(criterion.condition)}`,
        };
      } else if (criterion.kind === 'react') {
        const { after } = criterion;
        const what = 'fault' in after ? `the fault '${after.fault}'` : describeCondition(after.when);
        judge.grade = {
          state: 'failed',
          atMs: t,
          reason: judge.started
            ? `the exercise ended ${formatDuration(t - judge.started.atMs)} after ${what}, before ${describeCondition(criterion.condition)}`
            : `${what} never ${'fault' in after ? 'went on' : 'happened'} in the ${formatDuration(t)} of the exercise`,
        };
      }
    }
    this.state = 'ended';
    this.endReason = reason;
  }
}

/** Decides a criterion for good; returns true (it changed). */
function decide(judge: Judge, state: 'met' | 'failed', atMs: number, reason: string): boolean {
  judge.grade = { state, atMs, reason };
  return true;
}
