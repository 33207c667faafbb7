import { BUILTIN_SCENE_NAMES, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { ValidationError } from '../../shared/problems/problem-list.js';
import type { ChaosRule } from '../../shared/api/chaos-rules.js';
import { readChaosFile } from '../storage/chaos-file.js';
import { controlNotice } from '../control/control-notice.js';
import { CONTROL_PREFIX } from '../server/control-surface.js';
import { startTagSim, TagSimStartError, type TagSim } from '../compose/start-tagsim.js';
import { loadScene } from '../runtime/resolve-scene.js';
import { unsimulatedLines } from './plant-lines.js';
import { describeListenError, MODBUS_PORT_HINT } from '../net/listen-errors.js';
import type { ModbusController } from '../modbus/modbus-controller.js';
import { uiFilesOffNotice } from '../runtime/ui-file-access.js';
import type { SimulationHost } from '../runtime/simulation-host.js';
import { runLab } from './run-lab.js';
import { runClass } from './run-class.js';
import { runScenario } from './run-scenario.js';
import { runGrade } from '../exercise/run-grade.js';
import { loadOrCreateUiToken, uiTokenFile } from '../ui-host/ui-token.js';
import { WsClientError } from '../ui-host/ws-bridge-host.js';
import {
  exportScene,
  importFromCsv,
  importFromFile,
  importFromServer,
  snapshotFromServer,
  writeSchema,
} from './file-commands.js';
import { commandHelp } from './cli-help.js';
import { modbusMapTable, modbusMapText } from './modbus-map-print.js';
import { modbusServerOptions } from './modbus-options.js';
import { modbusClientScanLine, printDriverLines } from './driver-lines.js';
import { withBindingsFile } from '../opcua/bindings-file.js';
import type { OpcuaClientSettings } from '../../shared/drivers/opcua-client-settings.js';
import { modbusLayout } from '../../shared/modbus/modbus-layout.js';
import { printProblems } from './print-problems.js';
import { UsageError } from './option-values.js';
import { HELP, parseCli, type CliCommand } from './parse-cli.js';
import { errorMessage, errorStack } from '../../shared/problems/message-text.js';
import type { CliIo } from './cli-io.js';

/** Exit codes: 0 done, 1 could not run (port taken, a file with problems...), 2 bad command line. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let command;
  try {
    command = parseCli(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`tagsim: ${error.message} (see 'tagsim --help')`);
    return 2;
  }
  switch (command.command) {
    case 'help': {
      const text = (command.topic ? commandHelp(command.topic) : HELP).trimEnd();
      // Bare `tagsim` did not say what to do: the help goes where errors go, and it is no success.
      if (command.bare) {
        io.err(text);
        return 2;
      }
      io.out(text);
      return 0;
    }
    case 'version':
      io.out(io.version);
      return 0;
    case 'scenes':
      for (const name of BUILTIN_SCENE_NAMES)
        io.out(name === DEFAULT_SCENE_NAME ? `${name} (default)` : name);
      return 0;
    case 'modbus-map':
      return printModbusMap(command, io);
    case 'serve':
      return serve(command, io);
    case 'run':
      return runScenario(command, io);
    case 'lab':
      return runLab(command, io);
    case 'grade':
      return runGrade(command, io);
    case 'class':
      return runClass(command, io);
    default:
      return runFileCommand(command, io);
  }
}

async function serve(command: Extract<CliCommand, { command: 'serve' }>, io: CliIo): Promise<number> {
  let chaos: ChaosRule[] | undefined;
  let opcuaClient: OpcuaClientSettings | undefined;
  try {
    if (command.chaos !== undefined) chaos = await readChaosFile(command.chaos);
    if (command.opcuaClient) opcuaClient = await withBindingsFile(command.opcuaClient);
  } catch (error) {
    if (error instanceof ValidationError) printProblems(io, error);
    else io.err(`tagsim: ${errorMessage(error)}`);
    return 1;
  }
  let tagsim: TagSim;
  let notes: readonly string[] = [];
  try {
    // Read here, so that what the reader of a foreign format decided is told before serving.
    const loaded = await loadScene(command.scene);
    notes = loaded.file?.notes ?? [];
    tagsim = await startTagSim({
      server: { host: command.host, port: command.port },
      ...(command.modbus ? { modbus: modbusServerOptions(command.modbus) } : {}),
      ...(command.modbusClient ? { modbusClient: command.modbusClient } : {}),
      ...(opcuaClient ? { opcuaClient } : {}),
      scene: loaded,
      state: command.state,
      ui: command.ui
        ? {
            rendererDir: io.rendererDir,
            // Kept between starts, so that a window left open reconnects after a restart.
            token: await loadOrCreateUiToken(uiTokenFile(io.env)),
            ...(command.uiFiles ? { fileAccess: 'any' as const } : {}),
          }
        : undefined,
      simulation: {
        ...(command.seed !== undefined ? { seed: command.seed } : {}),
        startRunning: !command.paused,
        ...(command.timeScale !== undefined ? { timeScale: command.timeScale } : {}),
        clock: command.clock,
      },
      control: command.control && {
        version: io.version,
        open: command.controlOpen,
        ...(command.journal !== undefined ? { journal: command.journal } : {}),
        ...(chaos ? { chaos } : {}),
        ...(command.uiFiles ? { fileAccess: 'any' as const } : {}),
      },
    });
  } catch (error) {
    if (error instanceof ValidationError) {
      printProblems(io, error);
      return 1;
    }
    const cause = error instanceof TagSimStartError ? error.cause : error;
    if (error instanceof TagSimStartError && error.part === 'modbus' && command.modbus) {
      io.err(
        `tagsim: Modbus: ${describeListenError(cause, command.host, command.modbus.port, MODBUS_PORT_HINT)}`,
      );
      return 1;
    }
    io.err(`tagsim: ${describeListenError(cause, command.host, command.port)}`);
    return 1;
  }
  tagsim.errors.on((e) =>
    // A window's misbehaving socket is its own fault: one line, no stack.
    e instanceof WsClientError
      ? io.err(`tagsim: ${e.message}`)
      : io.err(`tagsim: internal error: ${errorStack(e)}`),
  );
  const { scene } = tagsim.engine;
  io.out(`TagSim ${io.version} serving "${scene.name}" (${scene.tags.length} tags)`);
  for (const note of notes) io.out(`note: ${note}`);
  for (const line of unsimulatedLines(tagsim.scenes.document.scene)) io.out(line);
  if (tagsim.restored) {
    io.out(`Restored the state of ${tagsim.restored.tags} tags from ${command.state}`);
    for (const note of tagsim.restored.notes) io.out(`note: ${note}`);
  }
  io.out(`Listening on ${tagsim.url}  (Ctrl+C to stop)`);
  if (tagsim.uiUrl) io.out(`UI: ${tagsim.uiUrl}`);
  if (tagsim.modbus) io.out(modbusLine(tagsim.modbus, scene.name));
  const stopDriverLines = printDriverLines(tagsim.clients.all, (line) => io.out(line));
  if (tagsim.clients.modbusClient) io.out(modbusClientScanLine(tagsim.clients.modbusClient, scene.name));
  if (tagsim.modbus && command.printModbusMap) io.out(modbusMapTable(scene, tagsim.modbus.layout));
  if (tagsim.uiFileAccess === 'none') io.out(uiFilesOffNotice(command.host));
  io.out(simulationLine(tagsim.simulation, command.seed ?? 1));
  const control = controlNotice(tagsim.control, tagsim.url, command.host);
  if (control) io.out(control);
  if (chaos)
    io.out(`Chaos: ${plural(chaos.length, 'rule')} from ${command.chaos} (GET /tagsim/v1/chaos lists them)`);

  const signal = await io.stopRequested;
  stopDriverLines();
  await tagsim.close();
  io.out(`TagSim stopped (${signal}).`);
  return 0;
}

/** `tagsim modbus-map`: the Modbus map `serve --modbus` would lay out for the scene, as text. */
async function printModbusMap(
  command: Extract<CliCommand, { command: 'modbus-map' }>,
  io: CliIo,
): Promise<number> {
  try {
    const { scene } = await loadScene(command.scene);
    const layout = modbusLayout(scene, {
      map: command.layout.map,
      ...(command.layout.scaleFactor !== undefined ? { scaleFactor: command.layout.scaleFactor } : {}),
    });
    // io.out ends the last line; the CSV's records all end in CRLF, its last one too.
    io.out(modbusMapText(scene, layout, command.format).replace(/\r\n$/, '\r'));
    return 0;
  } catch (error) {
    if (error instanceof ValidationError) printProblems(io, error);
    else io.err(`tagsim: ${errorMessage(error)}`);
    return 1;
  }
}

async function runFileCommand(
  command: Extract<CliCommand, { command: 'import' | 'export' | 'snapshot' | 'schema' }>,
  io: CliIo,
): Promise<number> {
  try {
    switch (command.command) {
      case 'import':
        if ('url' in command.from) {
          await importFromServer(io, {
            url: command.from.url,
            out: command.out,
            ...(command.name !== undefined ? { name: command.name } : {}),
            values: command.values,
            force: command.force,
          });
        } else if ('csv' in command.from) {
          await importFromCsv(io, {
            csv: command.from.csv,
            out: command.out,
            ...(command.name !== undefined ? { name: command.name } : {}),
            force: command.force,
          });
        } else {
          await importFromFile(io, {
            file: command.from.file,
            out: command.out,
            ...(command.name !== undefined ? { name: command.name } : {}),
            force: command.force,
          });
        }
        break;
      case 'export':
        await exportScene(io, command);
        break;
      case 'snapshot':
        await snapshotFromServer(io, { url: command.from, out: command.out, force: command.force });
        break;
      case 'schema':
        await writeSchema(io, {
          ...(command.out !== undefined ? { out: command.out } : {}),
          force: command.force,
        });
        break;
    }
    return 0;
  } catch (error) {
    if (error instanceof ValidationError) printProblems(io, error);
    else io.err(`tagsim: ${errorMessage(error)}`);
    return 1;
  }
}

/** `Simulation: running at 1x, seed 1; the scene's 6 behaviours` */
function simulationLine(simulation: SimulationHost, seed: number): string {
  const { state, timeScale } = simulation.status;
  const n = simulation.behaviourCount;
  const plant =
    simulation.plantSource === 'scene'
      ? `the scene's ${plural(n, 'behaviour')}`
      : simulation.plantSource === 'builtin'
        ? `the ${plural(n, 'behaviour')} of the built-in scene of that name`
        : 'no behaviours (only the lifecycle)';
  const what = state === 'stopped' ? 'paused, not started' : state;
  const pace =
    simulation.clock === 'virtual'
      ? `on a virtual clock (it moves only through POST ${CONTROL_PREFIX}/clock/advance)`
      : `at ${timeScale}x`;
  return `Simulation: ${what} ${pace}, seed ${seed}; ${plant}`;
}

/**
 * `Modbus TCP on 127.0.0.1:502 (every unit id; the driver map of "…"; Floats × 100; tags the map
 * leaves out from address 1000)`
 */
function modbusLine(modbus: ModbusController, sceneName: string): string {
  const { host, port, unitId } = modbus.status;
  const { source, scaleFactor } = modbus.layout;
  const map =
    source === 'saved driver map'
      ? 'the driver map the scene saved'
      : source === 'driver map'
        ? `the driver map of "${sceneName}"`
        : source === 'scene order'
          ? 'tags in scene order'
          : 'tags at their own addresses';
  const unit = unitId === undefined ? 'every unit id' : `unit id ${unitId}`;
  const extras =
    modbus.layout.extrasFrom === undefined
      ? ''
      : `; tags the map leaves out from address ${modbus.layout.extrasFrom}`;
  return `Modbus TCP on ${host}:${port} (${unit}; ${map}; Floats × ${scaleFactor}${extras})`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
