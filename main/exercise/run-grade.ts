import { hostname } from 'node:os';
import { HiddenFaults } from '../../shared/lab/hidden-faults.js';
import { InstructorFaults } from '../../shared/lab/instructor-faults.js';
import { reportRow } from '../../shared/exercise/class-report.js';
import { exerciseSuite } from '../../shared/exercise/exercise-junit.js';
import type { StationGrade } from '../../shared/exercise/exercise-session.js';
import { gradeLines, timeStamp } from '../../shared/exercise/grade-lines.js';
import { FaultLog } from '../../shared/lab/fault-log.js';
import { errorLines } from '../../shared/problems/error-lines.js';
import { ValidationError } from '../../shared/problems/problem-list.js';
import { errorMessage, errorStack } from '../../shared/problems/message-text.js';
import { renderJunit, renderJunitError } from '../../shared/scenario/junit.js';
import { startTagSim, TagSimStartError, type TagSim } from '../compose/start-tagsim.js';
import { controlNotice } from '../control/control-notice.js';
import type { ClockMode } from '../runtime/simulation-host.js';
import { CONTROL_PREFIX } from '../server/control-surface.js';
import { describeListenError } from '../net/listen-errors.js';
import { writeReportFile } from '../storage/write-report.js';
import { startController, type ControllerProcess } from './controller-process.js';
import { loadExercise, type ExerciseSetup } from './exercise-setup.js';
import { writeClassReport } from './report-files.js';
import { stationExercise } from './station-exercise.js';

/** What `tagsim grade` was asked to do (docs/lab.md, "Headless: tagsim grade"). */
export interface GradeCommand {
  /** The exercise file, or a built-in exercise's name. */
  exercise: string;
  /** --controller-cmd: the controller to run beside it; without it, one already running connects. */
  controllerCmd: string | undefined;
  host: string;
  port: number;
  /** --report: the JUnit XML report. */
  report: string | undefined;
  /** --results: the folder of the class report (CSV and HTML); default the current folder. */
  results: string;
  /** --seed; without it, the exercise's own seed, else 1. */
  seed: number | undefined;
  timeScale: number | undefined;
  clock: ClockMode | undefined;
}

export interface GradeIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Resolves when the user asks to stop (SIGINT, SIGTERM): the exercise stops, ungraded. */
  stopRequested: Promise<string>;
  version: string;
}

/** How long past the exercise's own time limit (in real time) a run may take before it is stopped. */
const REAL_TIME_MARGIN_MS = 60_000;
/** On a virtual clock the controller moves time: it has this long in real time to finish. */
const VIRTUAL_CLOCK_LIMIT_MS = 600_000;

/**
 * `tagsim grade`: serves the exercise's scene headless, starts the exercise, runs the controller
 * command (or waits for a controller already running to connect), prints each decision as it
 * comes, and at the end writes the JUnit report and the class report. Exit 0 when the exercise
 * was passed, 1 when it was failed, stopped, or could not run (the JUnit report says why).
 */
export async function runGrade(command: GradeCommand, io: GradeIo): Promise<number> {
  const startedAt = new Date();
  const cannotRun = async (title: string, lines: readonly string[], name: string): Promise<number> => {
    io.err(`tagsim: ${title}`);
    for (const line of lines) io.err(`  ${line}`);
    if (command.report !== undefined)
      await writeReportFile(
        command.report,
        renderJunitError(name, title, lines.join('\n'), { timestamp: startedAt.toISOString() }),
        io.err,
      );
    return 1;
  };
  let setup: ExerciseSetup;
  try {
    setup = await loadExercise(command.exercise);
  } catch (error) {
    return cannotRun(...describeError(error), command.exercise);
  }
  const { exercise } = setup;
  const seed = command.seed ?? exercise.seed ?? 1;
  let tagsim: TagSim;
  try {
    tagsim = await startTagSim({
      scene: setup.scene,
      server: { host: command.host, port: command.port },
      simulation: {
        seed,
        ...(command.timeScale !== undefined ? { timeScale: command.timeScale } : {}),
        ...(command.clock !== undefined ? { clock: command.clock } : {}),
      },
      control: { version: io.version },
    });
  } catch (error) {
    if (error instanceof ValidationError) return cannotRun(...describeError(error), exercise.name);
    const cause = error instanceof TagSimStartError ? error.cause : error;
    return cannotRun(describeListenError(cause, command.host, command.port), [], exercise.name);
  }
  tagsim.errors.on((e) => io.err(`tagsim: internal error: ${errorStack(e)}`));
  const log = new FaultLog();
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    io.out(line);
  };
  const graded = stationExercise(
    { number: 1, label: undefined, tagsim, hidden: new HiddenFaults(), instructor: new InstructorFaults() },
    setup,
    {
      log,
      reportError: (e) => io.err(`tagsim: internal error: ${errorStack(e)}`),
    },
  );
  const virtual = tagsim.simulation.clock === 'virtual';
  io.out(
    `TagSim ${io.version} grading "${exercise.name}" (${exercise.criteria.length} criteria, ` +
      `${exercise.passMark} of ${exercise.totalPoints} points to pass) on "${tagsim.engine.scene.name}"`,
  );
  io.out(
    `Exercise time is simulation time: ${exercise.timeLimitMs / 1000} s at most, ` +
      (virtual
        ? `on a virtual clock (the controller advances it: POST ${CONTROL_PREFIX}/clock/advance)`
        : `at ${tagsim.simulation.status.timeScale}x`) +
      `, seed ${seed}`,
  );
  io.out(`Listening on ${tagsim.url}`);
  const notice = controlNotice(tagsim.control, tagsim.url, command.host);
  if (notice) io.out(notice);

  let last: StationGrade | undefined;
  let finished!: () => void;
  const over = new Promise<void>((resolve) => (finished = resolve));
  graded.changes.on(() => {
    const grade = graded.grade!;
    for (const line of gradeLines(exercise, last, grade)) say(line);
    last = grade;
    if (grade.status !== 'running') finished();
  });
  graded.start();
  let controller: ControllerProcess | undefined;
  if (command.controllerCmd !== undefined) {
    say(`${timeStamp(0)} controller: ${command.controllerCmd}`);
    controller = startController(
      command.controllerCmd,
      { TAGSIM_URL: tagsim.url!, TAGSIM_EXERCISE: exercise.name },
      (line, stream) => (stream === 'out' ? io.out : io.err)(`[controller] ${line}`),
    );
    void controller.exited.then(({ code, signal }) => {
      if (graded.grade?.status !== 'running') return;
      const how = signal ? `was ended by ${signal}` : `exited with code ${code}`;
      say(`${timeStamp(graded.grade.timeMs)} controller ${how}`);
      // Nobody moves a virtual clock any more; a real one runs the plant on to the time limit.
      if (virtual) graded.stop(`stopped: the controller ${how}`);
    });
  }
  const limitMs = virtual
    ? VIRTUAL_CLOCK_LIMIT_MS
    : exercise.timeLimitMs / tagsim.simulation.status.timeScale + REAL_TIME_MARGIN_MS;
  const guard = setTimeout(
    () => graded.stop(`stopped: over ${Math.round(limitMs / 1000)} s of real time`),
    limitMs,
  );
  void io.stopRequested.then((signal) => graded.stop(`interrupted (${signal})`));
  await over;
  clearTimeout(guard);
  await controller?.stop();
  graded.dispose();
  await tagsim.close();

  const grade = graded.grade!;
  let ok = true;
  if (command.report !== undefined) {
    const suite = exerciseSuite(exercise, grade, lines);
    const xml = renderJunit(suite, {
      timestamp: startedAt.toISOString(),
      hostname: hostname(),
      properties: [
        ['exercise', command.exercise],
        ['scene', tagsim.engine.scene.name],
        ['time', 'exercise time (simulation time)'],
        ['seed', String(seed)],
        ['clock', tagsim.simulation.clock],
        ['tagsim', io.version],
        ['end', grade.endReason ?? grade.status],
      ],
    });
    ok = (await writeReportFile(command.report, xml, io.err)) && ok;
    if (ok) io.out(`Report: ${command.report}`);
  }
  try {
    const paths = await writeClassReport(command.results, {
      exercise,
      rows: [reportRow({ number: 1, label: undefined }, grade, log.entries)],
      generatedAt: Date.now(),
    });
    io.out(`Results: ${paths.html}, ${paths.csv}`);
  } catch (error) {
    io.err(`tagsim: cannot write the results in ${command.results}: ${errorMessage(error)}`);
    ok = false;
  }
  return ok && grade.passed === true ? 0 : 1;
}

/** Most problems printed: a file that is not an exercise at all would flood the terminal. */
const MAX_PRINTED_PROBLEMS = 50;

const describeError = (error: unknown) => errorLines(error, MAX_PRINTED_PROBLEMS);
