import { bindCondition } from '../conditions/check-condition.js';
import type { BoundCondition } from '../conditions/condition-types.js';
import { TagIndex } from '../conditions/tag-refs.js';
import { watchCondition, type ConditionWatch } from '../conditions/watch-condition.js';
import type { TagEngine } from '../core/tag-engine.js';
import type { PlacedProblem } from '../problems/problem-list.js';
import { deriveSeed, mulberry32 } from '../sim/random.js';
import type { FaultLog } from './fault-log.js';
import type { FaultSchedule, ScheduledFault } from './fault-schedule.js';
import { selectedStations } from './lab-actions.js';
import { applyFault, clearFault, type StationFaults } from './lab-fault.js';

/** What a schedule acts on: a station's number, its engine and its faults (hidden, the instructor's). */
export interface ScheduleStation extends StationFaults {
  readonly number: number;
  readonly engine: TagEngine;
}

/** Where one scheduled fault is on one station. */
export type TaskState = 'waiting' | 'on' | 'done';

/** One scheduled fault on one station, as the dashboard shows it. */
export interface ScheduleTaskStatus {
  readonly name: string;
  readonly station: number;
  readonly state: TaskState;
}

/** A schedule bound to a lab's stations, advanced by its host's timer. */
export interface ScheduleRunner {
  /** Advances to `t` ms after the start (never going back): puts faults on and takes them off. */
  update(t: number): void;
  readonly tasks: readonly ScheduleTaskStatus[];
  /**
   * After an update: the earliest time at which a fault goes on or comes off though no tag
   * changes meanwhile (its `at`, its `clearAfter`, a timer of its conditions; Infinity: none).
   * Until then, or until a tag changes, an update does nothing: a host may skip those moments.
   */
  readonly dueAt: number;
  /** Whether every fault has gone on and come off (or can never go on). */
  readonly finished: boolean;
  /** Ends the schedule at `t`: takes off every fault of it that is on; none goes on after. */
  stop(t: number): void;
}

interface Task extends ScheduleTaskStatus {
  state: TaskState;
  readonly entry: ScheduledFault;
  readonly station: number;
  readonly target: ScheduleStation;
  readonly when: ConditionWatch | undefined;
  readonly clearWhen: BoundCondition | undefined;
  clearWatch?: ConditionWatch;
  onAt?: number;
}

/**
 * Binds a schedule to the stations: picks the station of each `pick: "one"` fault with the seed
 * (the same seed, the same pick), and checks each fault's tag and conditions against each of its
 * stations' scenes. Returns the runner, or every problem (`faults[0].when.tag (station 2): ...`).
 */
export function bindSchedule(
  schedule: FaultSchedule,
  stations: readonly ScheduleStation[],
  options: {
    seed: number;
    log: FaultLog;
    now: () => number;
    /** Hears each fault go on or come off, at the schedule's time `t` (an exercise's reactions). */
    onChange?: (task: ScheduleTaskStatus, t: number) => void;
  },
): { runner: ScheduleRunner } | { problems: PlacedProblem[] } {
  const problems: PlacedProblem[] = [];
  const tasks: Task[] = [];
  const seed = schedule.seed ?? options.seed;
  schedule.faults.forEach((entry, i) => {
    const numbers = selectedStations(entry.stations, stations.length);
    if (typeof numbers === 'string')
      return void problems.push({ path: `${entry.path}.stations`, message: numbers });
    const chosen =
      entry.pick === 'one'
        ? [numbers[Math.floor(mulberry32(deriveSeed(seed, i)).next() * numbers.length)]!]
        : numbers;
    for (const number of chosen) {
      const target = stations[number - 1]!;
      const where = `(station ${number}, "${target.engine.scene.name}")`;
      const index = new TagIndex(target.engine.scene.tags);
      if (index.named(entry.fault.tag).length === 0)
        problems.push({
          path: `${entry.path}.fault.tag ${where}`,
          message: `no tag is named '${entry.fault.tag}' in this scene`,
        });
      const bind = (key: 'when' | 'clearWhen') => {
        const condition = entry[key];
        if (condition === undefined) return undefined;
        const bound = bindCondition(condition, index);
        for (const p of bound.problems)
          problems.push({ path: `${entry.path}.${[key, ...p.at].join('.')} ${where}`, message: p.message });
        return bound.bound;
      };
      const when = bind('when');
      const clearWhen = bind('clearWhen');
      const read = (id: string) => target.engine.getTag(id)?.value;
      tasks.push({
        name: entry.name,
        // Its own number: a station graded alone is the one station of its schedule.
        station: target.number,
        state: 'waiting',
        entry,
        target,
        when: when && watchCondition(when, read),
        clearWhen,
      });
    }
  });
  if (problems.length > 0) return { problems };

  const record = (task: Task, action: 'applied' | 'cleared', error: string | undefined) => {
    const { fault } = task.entry;
    options.log.add({
      at: options.now(),
      station: task.station,
      action,
      tag: fault.tag,
      kind: fault.kind,
      ...(action === 'applied' && fault.value !== undefined ? { value: fault.value } : {}),
      hidden: action === 'applied' && fault.hidden === true,
      ...(action === 'applied' && fault.locked === true ? { locked: true } : {}),
      by: task.name,
      ...(error !== undefined ? { error } : {}),
    });
  };
  const putOn = (task: Task, t: number) => {
    const error = applyFault(task.target.engine, task.target, task.entry.fault);
    record(task, 'applied', error);
    if (error !== undefined) return void (task.state = 'done');
    task.state = 'on';
    task.onAt = t;
    options.onChange?.({ name: task.name, station: task.station, state: 'on' }, t);
    // Watched from the moment the fault is on: what the student's program does after it.
    if (task.clearWhen)
      task.clearWatch = watchCondition(task.clearWhen, (id) => task.target.engine.getTag(id)?.value);
  };
  const takeOff = (task: Task, t: number) => {
    record(
      task,
      'cleared',
      clearFault(task.target.engine, task.target, task.entry.fault.tag, task.entry.fault.kind),
    );
    task.state = 'done';
    options.onChange?.({ name: task.name, station: task.station, state: 'done' }, t);
  };

  /** When `task` needs an update again though no tag changes (after it was updated at `t`). */
  const dueOf = (task: Task, t: number, putOnNow: boolean): number => {
    const { at, clearAfter } = task.entry;
    if (task.state === 'waiting') return at ?? task.when!.dueAt;
    if (task.state !== 'on') return Infinity;
    if (clearAfter !== undefined) return task.onAt! + clearAfter;
    // A watch just made has not seen its first moment: the next update must show it one.
    return task.clearWatch && putOnNow ? t : (task.clearWatch?.dueAt ?? Infinity);
  };
  let due = 0;

  return {
    runner: {
      update(t) {
        due = Infinity;
        for (const task of tasks) {
          const waiting = task.state === 'waiting';
          if (waiting) {
            const goesOn = task.entry.at !== undefined ? t >= task.entry.at : task.when!.update(t);
            if (goesOn) putOn(task, t);
          } else if (task.state === 'on') {
            const { clearAfter } = task.entry;
            const over =
              clearAfter !== undefined ? t >= task.onAt! + clearAfter : (task.clearWatch?.update(t) ?? false);
            if (over) takeOff(task, t);
          }
          due = Math.min(due, dueOf(task, t, waiting));
        }
      },
      get dueAt() {
        return due;
      },
      get tasks() {
        return tasks.map(({ name, station, state }) => ({ name, station, state }));
      },
      stop(t) {
        for (const task of tasks) {
          if (task.state === 'on') takeOff(task, t);
          task.state = 'done';
        }
        due = Infinity;
      },
      get finished() {
        return tasks.every(
          (task) =>
            task.state === 'done' || (task.state === 'on' && !task.entry.clearAfter && !task.clearWatch),
        );
      },
    },
  };
}
