import { dirname, resolve } from 'node:path';
import { loadExercise, type ExerciseSetup } from '../exercise/exercise-setup.js';
import { withBindingsFile } from '../opcua/bindings-file.js';
import { parseFaultSchedule, type FaultSchedule } from '../../shared/lab/fault-schedule.js';
import { parseLabFile } from '../../shared/lab/lab-file.js';
import { ValidationError } from '../../shared/problems/problem-list.js';
import { stationEndpoint, type LabCommand } from './lab-command.js';
import { modbusServerOptions } from './modbus-options.js';
import { printProblems } from './print-problems.js';
import type { CliIo } from './cli-io.js';
import { sceneArgument, type SceneChoice } from '../runtime/resolve-scene.js';
import { readTextFile } from '../storage/read-text-file.js';
import { WsClientError } from '../ui-host/ws-bridge-host.js';
import { startLab, type Lab, type LabOptions } from '../lab/start-lab.js';
import { LabStartError } from '../lab/station-scenes.js';
import { errorMessage, errorStack } from '../../shared/problems/message-text.js';
import { readToken } from './token-file.js';
import { clientDriverLabel } from '../../shared/drivers/driver-status.js';

/**
 * `tagsim lab`: starts the stations (from the command line or a lab file), prints where each
 * listens, and serves until Ctrl+C. Exit 1, with the station named, when one cannot start.
 */
export async function runLab(command: LabCommand, io: CliIo): Promise<number> {
  let lab: Lab;
  let exercise: { setup: ExerciseSetup; folder: string } | undefined;
  try {
    if (command.exercise)
      exercise = { setup: await loadExercise(command.exercise.choice), folder: resultsFolder(command) };
    const seed = command.seed ?? exercise?.setup.exercise.seed;
    lab = await startLab({
      stations: await stationsOf(command),
      host: command.host,
      port: command.port,
      ...(command.modbus ? { modbus: modbusServerOptions(command.modbus) } : {}),
      ...(command.modbusClient ? { modbusClient: command.modbusClient } : {}),
      ...(command.ui ? { ui: { rendererDir: io.rendererDir } } : {}),
      dashboard: {
        rendererDir: io.rendererDir,
        ...(command.dashboardPort !== undefined ? { port: command.dashboardPort } : {}),
        ...(command.tokenFile !== undefined
          ? { token: await readToken(command.tokenFile, '--token-file') }
          : {}),
      },
      simulation: {
        ...(seed !== undefined ? { seed } : {}),
        startRunning: !command.paused,
        ...(command.timeScale !== undefined ? { timeScale: command.timeScale } : {}),
      },
      ...(command.schedule !== undefined
        ? { schedule: { schedule: await readSchedule(command.schedule), source: command.schedule } }
        : {}),
      ...(exercise ? { exercise } : {}),
      reportError: (error, station) => io.err(`tagsim: ${describeStationError(error, station)}`),
    });
  } catch (error) {
    const cause = error instanceof LabStartError ? error.cause : error;
    if (cause instanceof ValidationError)
      printProblems(
        io,
        cause,
        error instanceof LabStartError && error.station ? `station ${error.station}: ` : '',
      );
    else io.err(`tagsim: ${errorMessage(error)}`);
    return 1;
  }
  io.out(`TagSim ${io.version} lab: ${lab.stations.length} stations on ${lab.host}  (Ctrl+C to stop)`);
  for (const station of lab.stations) {
    const { tagsim } = station;
    const label = station.label ? ` (${station.label})` : '';
    io.out(`  station ${station.number}${label}: ${tagsim.url}  "${tagsim.engine.scene.name}"`);
    if (tagsim.uiUrl) io.out(`    window: ${tagsim.uiUrl}`);
    if (tagsim.modbus) io.out(`    Modbus TCP: ${tagsim.modbus.status.host}:${tagsim.modbus.status.port}`);
    for (const driver of tagsim.clients.all)
      io.out(`    ${clientDriverLabel(driver.status.driver)}: ${driver.status.target}`);
  }
  const [schedule] = lab.schedules;
  if (schedule) io.out(`Schedule: ${command.schedule} (${schedule.tasks.length} faults to inject)`);
  if (exercise) {
    const { exercise: ex } = exercise.setup;
    io.out(
      `Exercise: "${ex.name}" on every station (${ex.criteria.length} criteria, ${ex.passMark} of ${ex.totalPoints} points to pass); class report in ${exercise.folder}`,
    );
  }
  io.out(`Dashboard: ${lab.dashboard!.openUrl}`);
  const signal = await io.stopRequested;
  await lab.close();
  io.out(`TagSim lab stopped (${signal}).`);
  return 0;
}

/** The stations of the command line, or of the lab file (its scene files relative to it). */
async function stationsOf(command: LabCommand): Promise<LabOptions['stations']> {
  // The bindings CSV is read once, for every station.
  const opcua = command.opcuaClient && (await withBindingsFile(command.opcuaClient.settings));
  const opcuaClientOf = (own: string | undefined, i: number) => {
    const endpointUrl = stationEndpoint(command.opcuaClient, own, i);
    return endpointUrl !== undefined && opcua ? { opcuaClient: { ...opcua, endpointUrl } } : {};
  };
  if ('count' in command.stations)
    return command.stations.scenes.map((scene, i) => ({
      ...(scene ? { scene } : {}),
      ...opcuaClientOf(undefined, i),
    }));
  const path = command.stations.labFile;
  const { text } = await readTextFile(path);
  const file = parseLabFile(text, path);
  return file.stations.map((s, i) => ({
    ...(s.scene !== undefined ? { scene: relativeTo(path, sceneArgument(s.scene)) } : {}),
    ...(s.label !== undefined ? { label: s.label } : {}),
    ...(s.studentMode !== undefined ? { studentMode: s.studentMode } : {}),
    ...(s.controlApi !== undefined ? { controlApi: s.controlApi } : {}),
    ...(s.modbusClient !== undefined ? { modbusClient: s.modbusClient } : {}),
    ...opcuaClientOf(s.opcuaClient, i),
  }));
}

/** Where the class report is kept: --results, else the lab file's folder, else the current one. */
function resultsFolder(command: LabCommand): string {
  if (command.exercise?.results !== undefined) return command.exercise.results;
  return 'labFile' in command.stations ? dirname(resolve(command.stations.labFile)) : '.';
}

async function readSchedule(path: string): Promise<FaultSchedule> {
  return parseFaultSchedule((await readTextFile(path)).text, path);
}

function relativeTo(labFile: string, choice: SceneChoice): SceneChoice {
  return 'file' in choice ? { file: resolve(dirname(labFile), choice.file) } : choice;
}

function describeStationError(error: unknown, station: number): string {
  const where = station > 0 ? `station ${station}: ` : '';
  // A window's misbehaving socket is its own fault: one line, no stack.
  if (error instanceof WsClientError) return `${where}${error.message}`;
  return `${where}internal error: ${errorStack(error)}`;
}
