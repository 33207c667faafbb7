import type { ExerciseFeed } from '../../shared/bridge/exercise-spec.js';
import { reportRow, type ClassReport } from '../../shared/exercise/class-report.js';
import type { ExerciseAction } from '../../shared/exercise/exercise-actions.js';
import { exerciseOverview, type ExerciseOverview } from '../../shared/exercise/exercise-overview.js';
import type { FaultLog } from '../../shared/lab/fault-log.js';
import { selectedStations } from '../../shared/lab/lab-actions.js';
import type { StationOutcome } from '../../shared/lab/lab-views.js';
import { errorMessage } from '../../shared/problems/message-text.js';
import type { ExerciseSetup } from '../exercise/exercise-setup.js';
import { writeClassReport } from '../exercise/report-files.js';
import { SIMULATION_TICK_MS } from '../runtime/simulation-host.js';
import type { Every } from './shared-ticker.js';
import {
  stationExercise,
  type ExerciseStation,
  type GradingTicks,
  type StationExercise,
} from '../exercise/station-exercise.js';

/** The exercise every station of a lab runs (`tagsim lab --exercise`, docs/lab.md). */
export interface LabExercise {
  readonly setup: ExerciseSetup;
  /** Station k's exercise at index k - 1. */
  readonly stations: readonly StationExercise[];
  /** The dashboard's view of it: the exercise, its columns, where its report is kept. */
  overview(): ExerciseOverview;
  /** Starts, stops or restarts it on the stations named; each station's outcome. */
  act(action: ExerciseAction): StationOutcome[];
  /** The class report now: a row per station, the fault log beside each. */
  report(): ClassReport;
  /** Writes the class report into the lab's folder now; resolves with its files. */
  save(): Promise<{ csv: string; html: string }>;
  /** Stops listening to the stations and writes the report one last time. */
  close(): Promise<void>;
}

/** Each station's window reads its exercise before the station exists: this feed is wired to it after. */
export function deferredFeed(): { feed: ExerciseFeed; attach(exercise: StationExercise): void } {
  let target: StationExercise | undefined;
  // Each listener's subscription to the exercise's feed, once there is one.
  const listeners = new Set<{ listener: () => void; stop: (() => void) | undefined }>();
  return {
    feed: {
      view: () => target?.feed.view() ?? null,
      report: (format) => target?.feed.report(format) ?? null,
      onChange(listener) {
        const entry = { listener, stop: target?.feed.onChange(listener) };
        listeners.add(entry);
        return () => {
          listeners.delete(entry);
          entry.stop?.();
        };
      },
    },
    attach(exercise) {
      target = exercise;
      for (const entry of listeners) entry.stop = exercise.feed.onChange(entry.listener);
    },
  };
}

/**
 * One timer for every station's grading, in the group of their simulations' timers and after
 * them (shared-ticker.ts runs a period's callbacks in order): at each period it looks at the
 * stations woken since the last (their simulations' alarms), in station order, and does nothing
 * else; a period at which none was woken costs one comparison for the whole lab.
 */
function labGradingTicks(every: Every): { tickedBy: GradingTicks; stop: () => void } {
  const entries: { look: () => void; woken: boolean }[] = [];
  let woken = 0;
  const stop = every(() => {
    if (woken === 0) return;
    woken = 0;
    for (const entry of entries) {
      if (!entry.woken) continue;
      entry.woken = false;
      entry.look();
    }
  }, SIMULATION_TICK_MS);
  const tickedBy: GradingTicks = (look) => {
    const entry = { look, woken: false };
    entries.push(entry);
    return {
      wake() {
        if (entry.woken) return;
        entry.woken = true;
        woken++;
      },
      stop() {
        const at = entries.indexOf(entry);
        if (at >= 0) entries.splice(at, 1);
      },
    };
  };
  return { tickedBy, stop };
}

/**
 * The stations of a lab that runs an exercise: each on the exercise's scene (a station that names
 * another is refused, with its number), and each window's feed of its station's exercise.
 */
export function exerciseStations(
  setup: ExerciseSetup,
  stations: readonly { readonly scene?: unknown }[],
):
  | { scenes: ExerciseSetup['scene'][]; feeds: ReturnType<typeof deferredFeed>[] }
  | { station: number; error: string } {
  const other = stations.findIndex((s) => s.scene !== undefined);
  if (other >= 0)
    return {
      station: other + 1,
      error: `station ${other + 1}: the exercise sets every station's scene ("${setup.exercise.scene}"); name no other`,
    };
  return { scenes: stations.map(() => setup.scene), feeds: stations.map(() => deferredFeed()) };
}

/** Why a station's exercise stopped when the lab did. */
export const LAB_STOPPED = 'stopped: the lab was stopped';

/** How soon after a station's exercise ends the class report is written (several end together). */
const SAVE_DELAY_MS = 1000;

/**
 * Runs the exercise on every station: graded live, each started now. The class report is written
 * into `folder` (atomically) a second after any station's exercise ends or stops, and when the
 * lab closes, so the lab's folder always holds the class's results.
 */
export function startLabExercise(
  stations: readonly ExerciseStation[],
  feeds: readonly { attach(exercise: StationExercise): void }[],
  setup: ExerciseSetup,
  options: {
    log: FaultLog;
    folder: string;
    /** The lab's shared timers: one of them ticks every station's exercise. */
    every: Every;
    now?: () => number;
    reportError: (error: unknown) => void;
  },
): LabExercise {
  const now = options.now ?? Date.now;
  const { tickedBy, stop: stopTicking } = labGradingTicks(options.every);
  let saved: { at: number } | { error: string } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const exercises = stations.map((station, i) => {
    const exercise = stationExercise(station, setup, {
      log: options.log,
      now,
      reportError: options.reportError,
      tickedBy,
    });
    feeds[i]?.attach(exercise);
    let status = exercise.status;
    exercise.changes.on(() => {
      const next = exercise.status;
      if (next !== status && (next === 'ended' || next === 'stopped')) scheduleSave();
      status = next;
    });
    return exercise;
  });
  const report = (): ClassReport => ({
    exercise: setup.exercise,
    rows: stations.map((s, i) => reportRow(s, exercises[i]!.grade, options.log.entries)),
    generatedAt: now(),
  });
  const save = async () => {
    try {
      const files = await writeClassReport(options.folder, report());
      saved = { at: now() };
      return files;
    } catch (error) {
      saved = { error: `cannot write the class report in ${options.folder}: ${errorMessage(error)}` };
      throw error;
    }
  };
  const scheduleSave = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      save().catch(options.reportError);
    }, SAVE_DELAY_MS);
    timer.unref();
  };
  for (const exercise of exercises) exercise.start();
  return {
    setup,
    stations: exercises,
    overview: () =>
      exerciseOverview(setup.exercise, {
        folder: options.folder,
        ...(saved && 'at' in saved ? { savedAt: saved.at } : {}),
        ...(saved && 'error' in saved ? { error: saved.error } : {}),
      }),
    act(action) {
      const numbers = selectedStations(action.stations, stations.length);
      if (typeof numbers === 'string') return [];
      return numbers.map((number) => {
        const exercise = exercises[number - 1]!;
        const running = exercise.status === 'running';
        if (action.action === 'stop') {
          if (!running) return { station: number, ok: false, error: 'the exercise is not running there' };
          exercise.stop();
        } else {
          if (action.action === 'start' && running)
            return {
              station: number,
              ok: false,
              error: 'the exercise is running there; restart it to start over',
            };
          exercise.start();
        }
        return { station: number, ok: true };
      });
    },
    report,
    save,
    async close() {
      stopTicking();
      clearTimeout(timer);
      timer = undefined;
      for (const exercise of exercises) {
        exercise.stop(LAB_STOPPED);
        exercise.dispose();
      }
      await save().catch(options.reportError);
    },
  };
}
