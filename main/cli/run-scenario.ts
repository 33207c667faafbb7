import { hostname } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ItemError, TagEngine } from '../../shared/core/tag-engine.js';
import { bindScenario } from '../../shared/scenario/bind-scenario.js';
import { renderJunit, renderJunitError } from '../../shared/scenario/junit.js';
import { ForwardTime } from '../../shared/scenario/scenario-clock.js';
import { parseScenarioFile } from '../../shared/scenario/scenario-file.js';
import {
  type ActionStep,
  type ScenarioClock,
  type ScenarioResult,
  ScenarioRun,
  type ScenarioTarget,
} from '../../shared/scenario/scenario-run.js';
import type { BoundScenario, Scenario } from '../../shared/scenario/scenario-types.js';
import { errorLines } from '../../shared/problems/error-lines.js';
import { ValidationError } from '../../shared/problems/problem-list.js';
import type { ChaosRule, ChaosRules } from '../../shared/api/chaos-rules.js';
import { readChaosFile } from '../storage/chaos-file.js';
import { controlNotice } from '../control/control-notice.js';
import { CONTROL_PREFIX } from '../server/control-surface.js';
import { describeListenError } from '../net/listen-errors.js';
import { loadScene, sceneArgument, type LoadedScene, type SceneChoice } from '../runtime/resolve-scene.js';
import { startTagSim, TagSimStartError, type TagSim } from '../compose/start-tagsim.js';
import type { ClockMode, SimulationHost } from '../runtime/simulation-host.js';
import { readTextFile } from '../storage/read-text-file.js';
import { writeReportFile } from '../storage/write-report.js';
import { errorStack } from '../../shared/problems/message-text.js';

/** What `tagsim run` was asked to do. */
export interface RunScenarioCommand {
  /** The scenario file. */
  scenario: string;
  /** --scene; without it, the scenario's own `scene`, else the default scene. */
  scene: SceneChoice | undefined;
  host: string;
  port: number;
  /** --report: where to write the JUnit XML report. */
  report: string | undefined;
  /** --seed; without it, the scenario's own `seed`. */
  seed: number | undefined;
  /** --paused: the simulation, and with it the scenario's clock, waits for a client to run it. */
  paused: boolean;
  /** --time-scale: simulation time runs this many times as fast as real time (default 1). */
  timeScale: number | undefined;
  /** --clock: 'virtual' stands still until a client advances it (default 'real'). */
  clock?: ClockMode;
  /** Serve the control API (default true; false with --no-control). */
  control?: boolean;
  /** --control-open: no token on a non-loopback host. */
  controlOpen?: boolean;
  /** --journal: requests the journal keeps. */
  journal?: number;
  /** --chaos: a file of chaos rules to start with. */
  chaos?: string;
}

export interface RunScenarioIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Resolves when the user asks to stop (SIGINT, SIGTERM): the run ends as interrupted. */
  stopRequested: Promise<string>;
  version: string;
}

export interface RunScenarioOptions {
  /** How often the run looks at the clock, in ms (default 10); it also looks at every tag change. */
  tickMs?: number;
}

/**
 * How long the server stays up after the run ended, so that the request whose write completed the
 * last step (the run ends inside it) still gets its answer before the connections are closed.
 */
const STOP_GRACE_MS = 200;

/**
 * `tagsim run`: loads the scenario and the scene, starts the same runtime as `tagsim serve`, runs
 * the steps while the client under test talks to the server, stops the server and writes the
 * JUnit report. Returns the exit code: 0 when every check passed, 1 when one failed, the run
 * timed out or was interrupted, or it could not run (a report still says why).
 */
export async function runScenario(
  command: RunScenarioCommand,
  io: RunScenarioIo,
  options: RunScenarioOptions = {},
): Promise<number> {
  const startedAt = new Date();
  const source = basename(command.scenario);
  const cannotRun = async (title: string, lines: readonly string[], name?: string): Promise<number> => {
    io.err(`tagsim: ${title}`);
    for (const line of lines) io.err(`  ${line}`);
    if (command.report !== undefined) {
      const xml = renderJunitError(name ?? source, title, lines.join('\n'), {
        timestamp: startedAt.toISOString(),
      });
      if (!(await writeReportFile(command.report, xml, io.err))) return 1;
    }
    return 1;
  };

  let scenario: Scenario;
  try {
    const { text } = await readTextFile(command.scenario);
    scenario = parseScenarioFile(text, source);
  } catch (error) {
    return cannotRun(...describeError(error));
  }

  const needsControl = chaosWithoutControl(scenario, command);
  if (needsControl)
    return cannotRun(`${source} cannot run with --no-control:`, [needsControl], scenario.name);

  const choice = command.scene ?? sceneOfScenario(scenario, command.scenario);
  let loaded: LoadedScene;
  try {
    loaded = await loadScene(choice);
    bindScenario(scenario, loaded.scene, source);
  } catch (error) {
    return cannotRun(...describeError(error), scenario.name);
  }

  let chaos: ChaosRule[] | undefined;
  try {
    if (command.chaos !== undefined) chaos = await readChaosFile(command.chaos);
  } catch (error) {
    return cannotRun(...describeError(error), scenario.name);
  }

  const seed = command.seed ?? scenario.seed;
  let runtime: TagSim;
  try {
    runtime = await startTagSim({
      server: { host: command.host, port: command.port },
      // The scene checked above, not read a second time.
      scene: loaded,
      simulation: {
        ...(seed !== undefined ? { seed } : {}),
        startRunning: !command.paused,
        ...(command.timeScale !== undefined ? { timeScale: command.timeScale } : {}),
        ...(command.clock !== undefined ? { clock: command.clock } : {}),
      },
      control: command.control !== false && {
        version: io.version,
        open: command.controlOpen === true,
        ...(command.journal !== undefined ? { journal: command.journal } : {}),
        ...(chaos ? { chaos } : {}),
      },
    });
  } catch (error) {
    if (error instanceof ValidationError) return cannotRun(...describeError(error), scenario.name);
    const cause = error instanceof TagSimStartError ? error.cause : error;
    return cannotRun(describeListenError(cause, command.host, command.port), [], scenario.name);
  }

  let result: ScenarioResult;
  let bound: BoundScenario;
  try {
    runtime.errors.on((e) => io.err(`tagsim: internal error: ${errorStack(e)}`));
    // The scene served is the one checked above; bind to its very tags.
    bound = bindScenario(scenario, runtime.engine.scene, source);
    const { scene: served } = runtime.engine;
    io.out(
      `TagSim ${io.version} running scenario "${bound.name}" (${plural(bound.steps.length, 'step')}) ` +
        `on "${served.name}" (${served.tags.length} tags)`,
    );
    const { state, timeScale } = runtime.simulation.status;
    const virtual = runtime.simulation.clock === 'virtual';
    io.out(
      `Step times are simulation time (${state === 'stopped' ? 'not started' : state} ` +
        `${virtual ? 'on a virtual clock' : `at ${timeScale}x`}, ` +
        `seed ${seed ?? 1}; ${plural(runtime.simulation.behaviourCount, 'behaviour')})` +
        (virtual
          ? `; the clock moves only when a client advances it (POST ${CONTROL_PREFIX}/clock/advance)`
          : '') +
        // With --paused nothing comes due until the client under test runs the simulation.
        (state === 'running'
          ? ''
          : '; the clock starts when a client runs the simulation (FACTORY I/O (Run))'),
    );
    io.out(`Listening on ${runtime.url}`);
    const control = controlNotice(runtime.control, runtime.url, command.host);
    if (control) io.out(control);
    const target = engineTarget(runtime.engine, runtime.control?.chaos);
    result = await runSteps(bound, target, runtime.engine, runtime.simulation, io, options.tickMs ?? 10);
  } catch (error) {
    await runtime.close();
    return cannotRun(...describeError(error), scenario.name);
  }
  await new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS));
  await runtime.close();

  if (command.report !== undefined) {
    const xml = renderJunit(result, {
      timestamp: startedAt.toISOString(),
      hostname: hostname(),
      properties: [
        ['scenario', command.scenario],
        ['scene', bound.sceneName],
        ['time', 'simulation'],
        ['seed', String(seed ?? 1)],
        ['timeScale', String(command.timeScale ?? 1)],
        ...(command.paused ? [['paused', 'true'] as const] : []),
        ['tagsim', io.version],
        ['end', result.endReason],
      ],
    });
    if (!(await writeReportFile(command.report, xml, io.err))) return 1;
    io.out(`Report: ${command.report}`);
  }
  return result.passed ? 0 : 1;
}

/** Runs the steps against the engine until the run ends (or the user stops it). */
async function runSteps(
  scenario: BoundScenario,
  target: ScenarioTarget,
  engine: TagEngine,
  simulation: SimulationHost,
  io: RunScenarioIo,
  tickMs: number,
): Promise<ScenarioResult> {
  // Simulation time goes back to 0 at a reset (the client may reset the simulation): keep counting.
  const simulationTime = new ForwardTime(() => simulation.status.timeMs);
  const clock: ScenarioClock = {
    scenarioMs: () => simulationTime.now(),
    wallMs: () => performance.now(),
  };
  let finished!: (result: ScenarioResult) => void;
  const done = new Promise<ScenarioResult>((resolve) => (finished = resolve));
  const run = new ScenarioRun(scenario, target, clock, {
    timeBase: 'simulation',
    onEvent: (event) => {
      if (event.type === 'line') io.out(event.line);
      else finished(event.result);
    },
  });
  // Every change is looked at as it happens, so a waitFor sees a pulse shorter than a tick; and
  // every tick, so that a step falls due on the tick it is due at, on a virtual clock too.
  const unsubscribers = [engine.subscribe(() => run.tick()), simulation.onTick(() => run.tick())];
  const timer = setInterval(() => run.tick(), tickMs);
  void io.stopRequested.then((signal) => run.abort(signal));
  try {
    run.start();
    return await done;
  } finally {
    clearInterval(timer);
    unsubscribers.forEach((unsubscribe) => unsubscribe());
  }
}

/**
 * The engine as a run's target: set is the plant's side (engine.simulate), the rest the
 * operator's; a chaos step sets the control API's rules, as `PUT /tagsim/v1/chaos` does.
 */
function engineTarget(engine: TagEngine, chaos: ChaosRules | undefined): ScenarioTarget {
  return {
    read: (id) => engine.getTag(id)?.value,
    apply: (step: ActionStep) => {
      if (step.kind === 'chaos') {
        // Refused before serving (chaosWithoutControl); kept so that no step can pass silently.
        if (!chaos) return 'chaos rules need the control API, which is off (--no-control)';
        chaos.set(step.rules);
        return undefined;
      }
      const id = step.tag.def.id;
      let errors: ItemError[];
      switch (step.kind) {
        case 'set':
          errors = engine.simulate('id', [{ ref: id, value: step.value }], 'simulation');
          break;
        case 'force':
          errors = engine.write('force', 'id', [{ id, value: step.value }], 'ui');
          break;
        case 'release':
          errors = engine.release('id', [id], 'ui');
          break;
        case 'fail': {
          const error = engine.setFailure(id, step.mode, 'ui');
          errors = error ? [error] : [];
          break;
        }
      }
      return errors[0]?.error;
    },
  };
}

/** Why the scenario cannot run without the control API (its chaos steps), or undefined. */
function chaosWithoutControl(scenario: Scenario, command: RunScenarioCommand): string | undefined {
  const step = command.control === false ? scenario.steps.find((s) => s.kind === 'chaos') : undefined;
  return step && `${step.path}.chaos: chaos rules are the control API's; remove --no-control`;
}

/** The scenario's own `scene`: a built-in name, or a scene file relative to the scenario file. */
function sceneOfScenario(scenario: Scenario, scenarioPath: string): SceneChoice | undefined {
  if (scenario.scene === undefined) return undefined;
  const choice = sceneArgument(scenario.scene);
  return 'file' in choice ? { file: resolve(dirname(scenarioPath), choice.file) } : choice;
}

/** Most problems printed; a file that is not a scenario at all would otherwise flood the terminal. */
const MAX_PRINTED_PROBLEMS = 50;

const describeError = (error: unknown) => errorLines(error, MAX_PRINTED_PROBLEMS);

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
