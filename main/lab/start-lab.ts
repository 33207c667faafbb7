import { HiddenFaults } from '../../shared/lab/hidden-faults.js';
import { lockedFaultGuard } from '../../shared/lab/hidden-window.js';
import { watchClearedFaults } from './cleared-faults.js';
import { FaultLog } from '../../shared/lab/fault-log.js';
import { InstructorFaults } from '../../shared/lab/instructor-faults.js';
import {
  DEFAULT_STUDENT_MODE,
  type ControlApiOwner,
  type StudentModePlan,
} from '../../shared/lab/lab-file.js';
import type { ControlOptions } from '../control/control-api.js';
import { newAccessToken } from '../net/access-token.js';
import type { FaultSchedule } from '../../shared/lab/fault-schedule.js';
import { planLabPorts } from '../../shared/lab/lab-plan.js';
import { bindSchedule, type ScheduleRunner } from '../../shared/lab/schedule-runner.js';
import { ValidationError } from '../../shared/problems/problem-list.js';
import type { ModbusControllerOptions } from '../modbus/modbus-controller.js';
import {
  MODBUS_CLIENT_DEFAULTS,
  type ModbusClientSettings,
} from '../../shared/drivers/modbus-client-settings.js';
import type { OpcuaClientSettings } from '../../shared/drivers/opcua-client-settings.js';
import { describeListenError, MODBUS_PORT_HINT } from '../net/listen-errors.js';
import type { SceneChoice } from '../runtime/resolve-scene.js';
import { startTagSim, TagSimStartError, type TagSim } from '../compose/start-tagsim.js';
import type { SimulationHostOptions } from '../runtime/simulation-host.js';
import { DEFAULT_HOST, type ServerTimeouts } from '../server/create-api-server.js';
import { dashboardRoutes } from './dashboard-routes.js';
import { dashboardPageDir, startDashboardServer } from './dashboard-server.js';
import type { Dashboard, Lab, LabStation } from './lab-types.js';
import { createSharedTicker, type Every } from './shared-ticker.js';
import { monitorStation } from './station-monitor.js';
import { LAB_JOURNAL_WRITES, WriteJournal } from './write-journal.js';
import { LabStartError, loadStationScenes } from './station-scenes.js';
import type { ExerciseSetup } from '../exercise/exercise-setup.js';
import { exerciseStations, startLabExercise, type LabExercise } from './lab-exercise.js';
import { ListingTurns } from '../journal/listing-turns.js';
import { SendBudget } from '../ui-host/send-budget.js';
import { DEFAULT_JOURNAL_BYTES } from '../journal/request-journal.js';

/** What a lab is made of: its stations, where they listen, and how their plants run. */
export interface LabOptions {
  /**
   * One entry per station, in order: its scene (the default scene when absent), a label, what its
   * student's window offers (default: DEFAULT_STUDENT_MODE) and who uses its control API (default:
   * the instructor, with the dashboard's token).
   */
  stations: readonly {
    scene?: SceneChoice;
    label?: string;
    studentMode?: StudentModePlan;
    controlApi?: ControlApiOwner;
    /** Its controller, which its Modbus client scans, instead of the lab's `modbusClient.first`. */
    modbusClient?: { host: string; port: number };
    /** Its controller's OPC UA server, whose nodes its tags are bound to by name (docs/opcua.md). */
    opcuaClient?: OpcuaClientSettings;
  }[];
  /** The interface every station binds (default 127.0.0.1). */
  host?: string;
  /** Station k listens on port + k - 1; 0 picks a free port for each. */
  port: number;
  /**
   * Every station also serves Modbus TCP (docs/modbus.md) on the lab's host, station k on
   * `port + k - 1` (0 picks a free port for each), all with the same unit id, map and scale.
   */
  modbus?: Omit<ModbusControllerOptions, 'host'>;
  /**
   * Stations scan their controllers as the simulator's Modbus TCP/IP Client does
   * (docs/lab.md#each-station-scans-its-own-controller): station k the address its entry gives,
   * else `first`'s host at `first.port + k - 1`; a station with neither scans none.
   */
  modbusClient?: {
    first?: { host: string; port: number };
    settings: Omit<ModbusClientSettings, 'host' | 'port'>;
  };
  /** Each station also serves its student's window at /ui/ (the renderer bundle's folder). */
  ui?: { rendererDir: string };
  /**
   * The instructor's dashboard: its port (default: after the last station's; 0 picks a free
   * one), its token (default: a new random one) and the renderer bundle's folder.
   */
  dashboard?: { port?: number; token?: string; rendererDir: string; timeouts?: ServerTimeouts };
  /** The same for every station: the same seed gives every student the same plant. */
  simulation?: Pick<SimulationHostOptions, 'seed' | 'startRunning' | 'timeScale'>;
  /** Faults to put on and take off by time or condition (docs/lab.md); `source` names its file. */
  schedule?: { schedule: FaultSchedule; source?: string };
  /**
   * An exercise every station runs, graded live (docs/lab.md, "Exercises and grading"): it sets
   * every station's scene (a station may not name another), and its class report is kept in
   * `folder`.
   */
  exercise?: { setup: ExerciseSetup; folder: string };
  /** Hears every error of every station, with the station's number. */
  reportError?: (error: unknown, station: number) => void;
}

export type { Lab, LabStation } from './lab-types.js';

/**
 * Starts N stations in this process, each one startTagSim with nothing shared but the scene
 * definitions it was given (read once, never changed in place) and one timer per period for all
 * their simulations (shared-ticker.ts). Checks the whole plan first (station count, port range,
 * every scene), then binds station by station; rejects with a LabStartError naming the station
 * (its `cause` a ValidationError for a scene file with problems), leaving nothing running.
 */
export async function startLab(options: LabOptions): Promise<Lab> {
  const host = options.host ?? DEFAULT_HOST;
  const plan = planLabPorts(
    options.stations.length,
    options.port,
    options.dashboard?.port,
    options.modbus?.port,
  );
  if (typeof plan === 'string') throw new LabStartError(plan);
  const { exercise } = options;
  const onExercise = exercise && exerciseStations(exercise.setup, options.stations);
  if (onExercise && 'error' in onExercise) throw new LabStartError(onExercise.error, onExercise.station);
  const scenes = onExercise
    ? onExercise.scenes
    : await loadStationScenes(options.stations.map((s) => s.scene));
  // Each window reads its station's exercise; the exercise is made once the station runs.
  const feeds = onExercise ? onExercise.feeds : [];
  const reportError = options.reportError ?? (() => undefined);
  const ticker = createSharedTicker((error) => reportError(error, 0));
  // One time budget for every station's journal listings (docs/reliability.md): windows listing
  // many stations' journals at once take half the process's time at most, not half each.
  const listings = new ListingTurns();
  // ...and one budget for what all the students' window sockets hold unread.
  const sendBudget = new SendBudget();
  const stations: LabStation[] = [];
  let dashboard: Dashboard | undefined;
  let graded: LabExercise | undefined;
  const stopWatching: (() => void)[] = [];
  // The instructor's one token: the dashboard's, and each station's control API's unless the lab file says otherwise.
  const instructorToken = options.dashboard?.token ?? newAccessToken();
  const close = async () => {
    await dashboard?.close();
    await graded?.close();
    for (const station of stations) station.monitor.dispose();
    for (const stop of stopWatching) stop();
    await Promise.all(stations.map((s) => s.tagsim.close()));
    ticker.dispose();
  };
  for (const [i, choice] of options.stations.entries()) {
    const number = i + 1;
    const port = plan.stations[i]!;
    const hidden = new HiddenFaults();
    let tagsim: TagSim;
    try {
      tagsim = await startTagSim({
        scene: scenes[i]!,
        server: { host, port },
        simulation: { ...options.simulation, every: ticker.every },
        bridge: {
          every: ticker.every,
          station: {
            name: `Lab station ${number}${choice.label ? ` (${choice.label})` : ''}`,
            allowed: [...(choice.studentMode ?? DEFAULT_STUDENT_MODE).allow],
          },
          ...(feeds[i] ? { exercise: feeds[i].feed } : {}),
        },
        hiddenFaults: hidden,
        ...(options.modbus ? { modbus: { ...options.modbus, port: plan.modbus![i]! } } : {}),
        ...controllerOf(options.modbusClient, choice.modbusClient, i),
        ...(choice.opcuaClient ? { opcuaClient: choice.opcuaClient } : {}),
        // Only its writes (Modbus's too, FC5...), for the report: what the student's client wrote around each fault.
        control: {
          journal: new WriteJournal(LAB_JOURNAL_WRITES, DEFAULT_JOURNAL_BYTES, listings),
          ...controlApiOf(choice.controlApi ?? 'instructor', instructorToken),
        },
        ...(options.ui ? { ui: { rendererDir: options.ui.rendererDir, sendBudget } } : {}),
        reportError: (error) => reportError(error, number),
      });
    } catch (error) {
      await close();
      throw stationStartError(error, number, host, { api: port, modbus: plan.modbus?.[i] });
    }
    // A locked hidden fault is beyond the student's program too (docs/lab.md).
    tagsim.engine.setWriteGuard(lockedFaultGuard(hidden));
    stations.push({
      number,
      label: choice.label,
      tagsim,
      hidden,
      instructor: new InstructorFaults(),
      monitor: monitorStation(tagsim),
    });
  }
  const log = new FaultLog();
  stopWatching.push(...stations.map((station) => watchClearedFaults(station, log)));
  if (exercise)
    graded = startLabExercise(stations, feeds, exercise.setup, {
      log,
      folder: exercise.folder,
      every: ticker.every,
      reportError: (error) => reportError(error, 0),
    });
  const schedules: ScheduleRunner[] = [];
  const startSchedule = (schedule: FaultSchedule) => {
    const bound = bindSchedule(schedule, stations.map(scheduleStation), {
      seed: options.simulation?.seed ?? 1,
      log,
      now: Date.now,
    });
    if ('runner' in bound) {
      const planned = schedules.reduce((n, r) => n + r.tasks.length, 0) + bound.runner.tasks.length;
      if (planned > MAX_SCHEDULED_TASKS)
        return {
          problems: [
            {
              path: 'faults',
              message: `would make ${planned} faults to inject on stations in this lab; a lab runs at most ${MAX_SCHEDULED_TASKS} in all (restart it for more)`,
            },
          ],
        };
      schedules.push(bound.runner);
      runSchedule(bound.runner, ticker.every);
    }
    return bound;
  };
  const lab: Lab = {
    stations,
    host,
    log,
    schedules,
    startSchedule,
    exercise: graded,
    get dashboard() {
      return dashboard;
    },
    close,
  };
  if (options.schedule) {
    const bound = startSchedule(options.schedule.schedule);
    if ('problems' in bound) {
      await close();
      const error = new ValidationError(bound.problems, options.schedule.source, 'fault schedule');
      throw new LabStartError(error.message.split('\n', 1)[0]!, undefined, { cause: error });
    }
  }
  if (options.dashboard) {
    try {
      dashboard = await startDashboardServer({
        host,
        port: plan.dashboard,
        pageDir: dashboardPageDir(options.dashboard.rendererDir),
        routes: dashboardRoutes({ lab, log: lab.log, sendBudget }),
        token: instructorToken,
        stations: stations.length,
        ...(options.dashboard.timeouts ? { timeouts: options.dashboard.timeouts } : {}),
        onError: (error) => reportError(error, 0),
      });
    } catch (error) {
      await close();
      const message = describeListenError(error, host, plan.dashboard).replace('--port', '--dashboard-port');
      throw new LabStartError(`the dashboard: ${message}`, undefined, { cause: error });
    }
  }
  return lab;
}

/** A station's control API as its owner wants it: the instructor's token even on loopback, off, or as `tagsim serve`'s. */
function controlApiOf(owner: ControlApiOwner, instructorToken: string): ControlOptions {
  if (owner === 'off')
    return { off: 'This lab station\'s control API is off: the lab file\'s controlApi is "off".' };
  return owner === 'instructor' ? { token: instructorToken, tokenAlways: true } : {};
}

/** Station i's Modbus client: the address its entry gives, else the lab's first one's + i. */
function controllerOf(
  client: LabOptions['modbusClient'],
  own: { host: string; port: number } | undefined,
  i: number,
): { modbusClient?: ModbusClientSettings } {
  const address = own ?? (client?.first && { host: client.first.host, port: client.first.port + i });
  if (!address) return {};
  return { modbusClient: { ...(client?.settings ?? MODBUS_CLIENT_DEFAULTS), ...address } };
}

/** Why station `number` could not start, naming the station and (for Modbus) the server. */
function stationStartError(
  error: unknown,
  number: number,
  host: string,
  ports: { api: number; modbus: number | undefined },
): LabStartError {
  const cause = error instanceof TagSimStartError ? error.cause : error;
  const reason =
    error instanceof TagSimStartError && error.part === 'modbus'
      ? `Modbus: ${describeListenError(cause, host, ports.modbus ?? 0, MODBUS_PORT_HINT)}`
      : describeListenError(cause, host, ports.api);
  return new LabStartError(`station ${number}: ${reason}`, number, { cause });
}

/**
 * Most scheduled faults (one per fault and station) a lab runs in its life: the dashboard lists
 * them all every second, so they must stay few.
 */
export const MAX_SCHEDULED_TASKS = 2000;

/** How often a schedule looks at its times and conditions. */
const SCHEDULE_TICK_MS = 50;

/** Advances a schedule on the lab's timers from now on, until every fault of it is done. */
function runSchedule(runner: ScheduleRunner, every: Every): void {
  const start = performance.now();
  const stop = every(() => {
    runner.update(performance.now() - start);
    if (runner.finished) stop();
  }, SCHEDULE_TICK_MS);
}

function scheduleStation(station: LabStation) {
  const { number, hidden, instructor } = station;
  return { number, engine: station.tagsim.engine, hidden, instructor };
}
