import { DEFAULT_HOST, DEFAULT_PORT } from '../server/create-api-server.js';
import { DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { MAX_TIME_SCALE, MIN_TIME_SCALE } from '../../shared/sim/sim-lifecycle.js';
import { CONTROL_OPTION_SPECS } from './control-options.js';
import { EXERCISE_OPTION_SPECS } from './exercise-options.js';
import { CLASS_OPTION_SPECS, DEFAULT_CLASS_PORT } from './class-command.js';
import { LAB_OPTION_SPECS } from './lab-command.js';
import { MODBUS_CLIENT_OPTION_SPECS } from './modbus-client-options.js';
import { OPCUA_CLIENT_OPTION_SPECS } from './opcua-client-options.js';
import { MODBUS_OPTION_SPECS } from './modbus-options.js';
import type { CommandName, CommandSpec, OptionSpec } from './option-spec.js';

/**
 * The command line, described once: the parser, the "is an option of" check, "did you mean" and
 * every help text are derived from these tables, so an option cannot be parsed without being
 * documented, or documented for a command that ignores it. A feature's own options are tabled
 * with the code that reads them (control-options.ts, modbus-options.ts, lab-command.ts) and
 * joined into OPTION_SPECS here.
 */

export const COMMAND_SPECS: readonly CommandSpec[] = [
  { name: 'serve', summary: ['Serve the tag API headless until Ctrl+C'] },
  {
    name: 'lab',
    summary: [
      'Serve a training lab until Ctrl+C: N stations in one process, each with its own scene,',
      "simulation and tag API, and the instructor's dashboard (see docs/lab.md)",
    ],
  },
  {
    name: 'class',
    summary: [
      "Serve one instructor's dashboard over the stations of several `tagsim lab` processes",
      '(pods of a class, say) until Ctrl+C (see docs/deploy.md)',
    ],
  },
  { name: 'scenes', summary: ['List the built-in scenes'] },
  {
    name: 'modbus-map',
    summary: [
      "Print a scene's Modbus map, the addresses serve gives its tags over Modbus TCP,",
      'as a table or as CSV (see docs/modbus.md)',
    ],
  },
  {
    name: 'import',
    args: '[<file>]',
    summary: [
      'Make a scene file from a saved scene of the simulator (<file>.factoryio), a running',
      'simulator (--from) or a driver CSV (--csv)',
    ],
  },
  { name: 'export', summary: ['Save a built-in scene or a scene file as a scene file or a driver CSV'] },
  {
    name: 'snapshot',
    summary: ['Save the state of a running simulator (values, forces, failures) to a file'],
  },
  { name: 'schema', summary: ['Print the JSON Schema of scene files (or write it with --out)'] },
  {
    name: 'run',
    args: '<scenario>',
    summary: [
      "Serve a scene and run a scenario file's steps against the client under test;",
      'exit 0 when every check passed, 1 when one failed (see docs/simulation.md)',
    ],
  },
  {
    name: 'grade',
    args: '<exercise>',
    summary: [
      'Grade one controller against an exercise headless: serve its scene, run the controller',
      '(--controller-cmd) or wait for one, write JUnit and the report; exit 0 when passed (docs/lab.md)',
    ],
  },
  { name: 'help', args: '[command]', summary: ['Show this help, or the help of one command'] },
];

const SCENE_HELP = [
  'Built-in scene name, or a scene file (path ending in .tagsim.json, or a',
  "simulator's saved scene ending in .factoryio)",
  `(default "${DEFAULT_SCENE_NAME}")`,
];
const FORCE_HELP = ['Replace --out if it exists (a scene file keeps its previous version as <file>.bak)'];
const PORT_HELP = [`Port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)`];
const HOST_HELP = [`Interface to bind (default ${DEFAULT_HOST}; 0.0.0.0 exposes it to the network)`];
const TIME_SCALE_RANGE = `${MIN_TIME_SCALE} to ${MAX_TIME_SCALE}`;

/** Where a command that serves listens, and what it serves. */
const SERVING_OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: 'port',
    type: 'string',
    value: '<n>',
    help: {
      serve: PORT_HELP,
      run: PORT_HELP,
      lab: ['Station k listens on port n + k - 1 (default 7410; 0 picks free ports)'],
      grade: PORT_HELP,
      class: [`Port to listen on (default ${DEFAULT_CLASS_PORT}; 0 picks a free one)`],
    },
  },
  {
    name: 'host',
    type: 'string',
    value: '<address>',
    help: { serve: HOST_HELP, run: HOST_HELP, lab: HOST_HELP, grade: HOST_HELP, class: HOST_HELP },
  },
  {
    name: 'scene',
    type: 'string',
    value: '<scene>',
    multiple: true,
    help: {
      serve: SCENE_HELP,
      run: SCENE_HELP,
      export: ['Built-in scene name or scene file'],
      'modbus-map': SCENE_HELP,
      lab: [
        'The scene of every station, or repeated once per station in order',
        `(built-in name or .tagsim.json file; default "${DEFAULT_SCENE_NAME}")`,
      ],
    },
  },
];

/** What only `serve` takes (besides the Modbus options). */
const SERVE_OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: 'synthetic',
    type: 'string',
    value: '<n>',
    help: { serve: ['Serve a generated scene of n tags instead (load and UI testing)'] },
  },
  {
    name: 'state',
    type: 'string',
    value: '<file>',
    help: { serve: ['Start from a state snapshot (.tagsim-state.json): values, forces, failures'] },
  },
  {
    name: 'ui',
    type: 'boolean',
    help: {
      serve: ['Also serve the live tag window at /ui/ (its URL, with an access token, is printed)'],
      lab: ["Each station also serves its student's window at /ui/"],
    },
  },
  {
    name: 'ui-files',
    type: 'boolean',
    help: {
      serve: [
        'Let that window and the control API open (and the window save) files by path',
        'on this machine even when --host is not a loopback address (off there by',
        'default: the window uploads and downloads, the control API takes built-in scenes)',
      ],
    },
  },
];

/** How the simulation starts and runs. */
const SIMULATION_OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: 'seed',
    type: 'string',
    value: '<n>',
    help: {
      serve: ["Seed of the simulation's random streams (default 1): the same seed, the same run"],
      run: ["The simulation's seed (default: the scenario's seed, else 1)"],
      lab: ["Seed of every station's simulation (default 1): every student, the same plant"],
      grade: ["The simulation's seed (default: the exercise's seed, else 1)"],
    },
  },
  {
    name: 'paused',
    type: 'boolean',
    help: {
      serve: ['Do not run the simulation on start (the Run tag, the window or the tray start it)'],
      run: [
        'Do not run the simulation on start: step times wait until a client runs it',
        '(a rising edge on FACTORY I/O (Run))',
      ],
      lab: ["Do not run the stations' simulations on start"],
    },
  },
  {
    name: 'time-scale',
    type: 'string',
    value: '<x>',
    help: {
      serve: [`Simulation time runs x times as fast as real time: ${TIME_SCALE_RANGE} (default 1)`],
      run: [
        `Run the simulation x times as fast as real time: ${TIME_SCALE_RANGE} (default 1);`,
        "step times and waitFor timeouts are simulation time, the file's timeoutMs",
        'stays real time',
      ],
      lab: [`Every station's time scale: ${TIME_SCALE_RANGE} (default 1)`],
      grade: [
        `Run the simulation x times as fast as real time: ${TIME_SCALE_RANGE} (default 1);`,
        "the exercise's times are simulation time",
      ],
    },
  },
];

/** The files that `run` and the file commands read and write. */
const FILE_OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: 'report',
    type: 'string',
    value: '<file>',
    help: {
      run: ["Write a JUnit XML report of the run's checks"],
      grade: ['Write a JUnit XML report: a test case per criterion, and one for the pass mark'],
    },
  },
  {
    name: 'from',
    type: 'string',
    value: '<url>',
    help: {
      import: [
        'A running simulator, real or TagSim (http://host:7410): reads /api/tags',
        'and keeps its ids, names, kinds, types and addresses',
      ],
      snapshot: ['A running simulator (http://host:7410)'],
    },
  },
  {
    name: 'csv',
    type: 'string',
    value: '<file>',
    help: { import: ['A driver configuration CSV: Name,Type,Data Type,Address'] },
  },
  {
    name: 'out',
    type: 'string',
    value: '<file>',
    help: {
      import: ['The scene file to write (.tagsim.json)'],
      export: ['A .tagsim.json scene file, or a .csv driver tag list'],
      snapshot: ['The snapshot to write (.tagsim-state.json)'],
      schema: ['Write the schema to this file instead of printing it'],
    },
  },
  {
    name: 'name',
    type: 'string',
    value: '<name>',
    help: {
      import: ['The scene\'s name (default: the file\'s name, or "Imported from <host>")'],
    },
  },
  {
    name: 'values',
    type: 'boolean',
    help: { import: ['With --from: the tags start from the values they have now'] },
  },
  {
    name: 'force',
    type: 'boolean',
    help: { import: FORCE_HELP, export: FORCE_HELP, snapshot: FORCE_HELP, schema: FORCE_HELP },
  },
];

/**
 * Every option, in the order the help texts list them: a feature's options stand where they read
 * best among the options of the commands that take them.
 */
export const OPTION_SPECS: readonly OptionSpec[] = [
  ...SERVING_OPTION_SPECS,
  ...LAB_OPTION_SPECS,
  ...EXERCISE_OPTION_SPECS,
  ...CLASS_OPTION_SPECS,
  ...SERVE_OPTION_SPECS,
  ...MODBUS_OPTION_SPECS,
  ...MODBUS_CLIENT_OPTION_SPECS,
  ...OPCUA_CLIENT_OPTION_SPECS,
  ...SIMULATION_OPTION_SPECS,
  ...CONTROL_OPTION_SPECS,
  ...FILE_OPTION_SPECS,
];

/** Options every command takes; they are handled before any command runs. */
export const GLOBAL_OPTION_SPECS: readonly OptionSpec[] = [
  { name: 'help', type: 'boolean', short: 'h', help: {} },
  { name: 'version', type: 'boolean', short: 'v', help: {} },
];

/** The commands that take an option, in table order. */
export function commandsOf(option: OptionSpec): CommandName[] {
  return Object.keys(option.help) as CommandName[];
}
