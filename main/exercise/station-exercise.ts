import type { ExerciseFeed, ExerciseReportFile } from '../../shared/bridge/exercise-spec.js';
import { Emitter } from '../../shared/core/emitter.js';
import { classReportCsv, classReportHtml, studentReportRow } from '../../shared/exercise/class-report.js';
import { ExerciseSession, type StationGrade } from '../../shared/exercise/exercise-session.js';
import { studentView, type StudentExercise } from '../../shared/exercise/student-view.js';
import type { FaultLog } from '../../shared/lab/fault-log.js';
import { activeFaults, clearAllFaults, type StationFaults } from '../../shared/lab/lab-fault.js';
import { fileNameBase } from '../../shared/scenes/file-names.js';
import type { TagSim } from '../compose/start-tagsim.js';
import type { ExerciseSetup } from './exercise-setup.js';

/** Who the fault log names when an exercise's start cleared a station's faults. */
export const BY_EXERCISE_START = 'the exercise starting';

/** One station of a lab (or `tagsim grade`'s one TagSim) and what grading it needs. */
export interface ExerciseStation extends StationFaults {
  readonly number: number;
  readonly label: string | undefined;
  readonly tagsim: TagSim;
}

/** An exercise on one station: started, stopped and restarted by the instructor, graded live. */
export interface StationExercise {
  readonly setup: ExerciseSetup;
  /** The grade now, or undefined before the first start. */
  readonly grade: StationGrade | undefined;
  /** Its status alone, without making the grade: undefined before the first start. */
  readonly status: StationGrade['status'] | undefined;
  /** Starts it afresh: the station back to its start, every fault off, the start state, time 0. */
  start(): void;
  /** Ends it now, ungraded where undecided; its faults come off. */
  stop(reason?: string): void;
  /** Hears every change of the grade: a start, a stop, a decision, a fault of it on or off. */
  readonly changes: Emitter<void>;
  /**
   * What the student's window reads (shared/bridge/exercise-spec.ts); its `onChange` hears each
   * second of exercise time too, for the window's clock.
   */
  readonly feed: ExerciseFeed;
  /**
   * How many times grading looked at the station since it was made: only after a tick at which
   * something changed on it or a decision came due (docs/performance.md, "Grading an exercise live").
   */
  readonly looks: number;
  /** Stops listening to the station; the grade stays readable. */
  dispose(): void;
}

/**
 * Runs a station's grading after the ticks of its simulation: `look` is called after the next
 * tick once `wake` was called (once, however often it was woken), and never otherwise.
 */
export type GradingTicks = (look: () => void) => { wake(): void; stop(): void };

/** After the simulation's own ticks (either clock): `tagsim grade`, a TagSim graded alone. */
function afterSimulationTicks(tagsim: TagSim): GradingTicks {
  return (look) => {
    let woken = false;
    const stop = tagsim.simulation.onTick(() => {
      if (!woken) return;
      woken = false;
      look();
    });
    return { wake: () => void (woken = true), stop };
  };
}

/** Why a run stopped when the instructor stopped it. */
export const STOPPED_BY_INSTRUCTOR = 'stopped by the instructor';
const SCENE_CHANGED = "stopped: the station's scene changed";

/**
 * Grades one station against an exercise (docs/lab.md, "Exercises and grading"). Each start puts
 * the station back to the scene's start (as the control API's reset does, every fault off and
 * logged), applies the exercise's start state, and begins a session. The session looks at the
 * station only after a tick at which something changed there or a decision came due: the
 * simulation's alarm (shared/sim/plant-alarm.ts) wakes it, armed after each look for the next
 * due moment in plant time. Another scene at the station (where the lab lets the student open
 * one) stops it.
 */
export function stationExercise(
  station: ExerciseStation,
  setup: ExerciseSetup,
  options: {
    log: FaultLog;
    now?: () => number;
    reportError?: (error: unknown) => void;
    /**
     * How its looks are run. Default: after the simulation's own ticks (either clock). A lab
     * runs all its stations' from one timer of its own, after all their simulations (lab-exercise.ts).
     */
    tickedBy?: GradingTicks;
  },
): StationExercise {
  const now = options.now ?? Date.now;
  const reportError = options.reportError ?? (() => undefined);
  const changes = new Emitter<void>(reportError);
  // The window's clock: heard only while a window listens, and only then looked at each second.
  const seconds = new Emitter<void>(reportError);
  const { tagsim } = station;
  let session: ExerciseSession | undefined;
  let looks = 0;
  let shownSecond = -1;
  const ticks = (options.tickedBy ?? afterSimulationTicks(tagsim))(() => look());
  const alarm = tagsim.simulation.simulation.alarm(() => ticks.wake());
  /** Sets the alarm for what the session waits for: any change, its next decision, the next second. */
  const arm = () => {
    if (session?.run.status !== 'running') {
      alarm.disarm();
      return;
    }
    alarm.arm(session.alarmAt(seconds.size > 0 ? (Math.floor(session.timeMs / 1000) + 1) * 1000 : Infinity));
  };
  const look = () => {
    if (!session) return;
    looks++;
    const changed = session.tick();
    if (changed) changes.emit();
    const second = Math.floor(session.timeMs / 1000);
    if (second !== shownSecond) {
      shownSecond = second;
      if (!changed) seconds.emit();
    }
    arm();
  };
  const stop = (reason: string) => {
    if (session?.run.status !== 'running') return;
    session.stop(reason);
    alarm.disarm();
    changes.emit();
  };
  const unsubscribers = [
    ticks.stop,
    alarm.disarm,
    tagsim.engine.subscribe((change) => {
      if (change.sceneChanged && !change.keptState) stop(SCENE_CHANGED);
    }),
  ];
  const start = () => {
    stop('restarted');
    if (activeFaults(tagsim.engine, station.hidden).length > 0) {
      clearAllFaults(tagsim.engine, station);
      options.log.add({
        at: now(),
        station: station.number,
        action: 'cleared',
        tag: '',
        kind: 'all',
        hidden: false,
        by: BY_EXERCISE_START,
      });
    }
    tagsim.simulation.restart();
    if (setup.state) tagsim.scenes.applySnapshot(setup.state.snapshot, setup.state.name);
    session = new ExerciseSession(
      setup.exercise,
      {
        number: station.number,
        engine: tagsim.engine,
        hidden: station.hidden,
        instructor: station.instructor,
        simulation: tagsim.simulation.simulation,
      },
      { log: options.log, now, seed: tagsim.simulation.seed },
    );
    // Time 0 is graded too: a fault at 0 goes on now, a criterion that holds from the start is met.
    looks++;
    session.tick();
    shownSecond = 0;
    arm();
    changes.emit();
  };
  const view = (): StudentExercise => studentView(setup.exercise, session?.grade);
  const report = (format: 'html' | 'csv'): ExerciseReportFile => {
    const classReport = {
      exercise: setup.exercise,
      rows: [studentReportRow(station, view(), session?.grade)],
      generatedAt: now(),
      forStudent: true,
      title: `${setup.exercise.name}: station ${station.number}${station.label ? ` (${station.label})` : ''}`,
    };
    const base = fileNameBase(`${setup.exercise.name} station ${station.number}`, 'exercise');
    return format === 'html'
      ? { fileName: `${base}.html`, text: classReportHtml(classReport) }
      : { fileName: `${base}.csv`, text: classReportCsv(classReport) };
  };
  return {
    setup,
    get grade() {
      return session?.grade;
    },
    get status() {
      return session?.run.status;
    },
    start,
    stop: (reason = STOPPED_BY_INSTRUCTOR) => stop(reason),
    changes,
    feed: {
      view,
      report,
      onChange(listener) {
        const stopHearing = [changes.on(listener), seconds.on(listener)];
        // Its alarm is set afresh at the next tick, for the next second too.
        ticks.wake();
        return () => stopHearing.forEach((stopIt) => stopIt());
      },
    },
    get looks() {
      return looks;
    },
    dispose: () => unsubscribers.forEach((unsubscribe) => unsubscribe()),
  };
}
