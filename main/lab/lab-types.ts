import type { HiddenFaults } from '../../shared/lab/hidden-faults.js';
import type { FaultLog } from '../../shared/lab/fault-log.js';
import type { InstructorFaults } from '../../shared/lab/instructor-faults.js';
import type { FaultSchedule } from '../../shared/lab/fault-schedule.js';
import type { ScheduleRunner } from '../../shared/lab/schedule-runner.js';
import type { PlacedProblem } from '../../shared/problems/problem-list.js';
import type { TagSim } from '../compose/start-tagsim.js';
import type { StationMonitor } from './station-monitor.js';
import type { LabExercise } from './lab-exercise.js';

// What a running lab is, apart from how it starts (start-lab.ts): the dashboard's routes, the
// lab's actions and its journals work on these, and nothing here imports them back.

/** One station of a lab: a whole TagSim of its own (scene, state, simulation, tag API). */
export interface LabStation {
  /** 1 to N, as the dashboard and the messages number them. */
  readonly number: number;
  readonly label: string | undefined;
  readonly tagsim: TagSim;
  /** The faults the instructor hid from this station's student window. */
  readonly hidden: HiddenFaults;
  /** The faults on its tags that are the instructor's, hidden or not (what the fault log measures the client against). */
  readonly instructor: InstructorFaults;
  /** What its clients have been doing. */
  readonly monitor: StationMonitor;
}

/** The instructor's dashboard while it listens. */
export interface Dashboard {
  readonly url: string;
  readonly token: string;
  /** The address to open, token included. */
  readonly openUrl: string;
  close(): Promise<void>;
}

/** A running lab. */
export interface Lab {
  readonly stations: readonly LabStation[];
  readonly host: string;
  /** The instructor's dashboard, when one was asked for. */
  readonly dashboard: Dashboard | undefined;
  /** Every fault put on or taken off a station, oldest first. */
  readonly log: FaultLog;
  /** The fault schedules started, the one given at the start first. */
  readonly schedules: readonly ScheduleRunner[];
  /**
   * Starts a schedule now (its times count from now), checked against every station's scene:
   * the runner, or every problem and nothing started.
   */
  startSchedule(schedule: FaultSchedule): { runner: ScheduleRunner } | { problems: PlacedProblem[] };
  /** The exercise every station runs, graded live, when the lab was started with one. */
  readonly exercise: LabExercise | undefined;
  /** Stops the dashboard, every station and their shared timers. */
  close(): Promise<void>;
}
