import path from 'node:path';
import { stat } from 'node:fs/promises';
import { closest, isRecord, kindOf, unknownFields } from '../../shared/problems/json-words.js';
import { fileProblemOf, readTextFile } from '../storage/read-text-file.js';
import { readSettingsLayer, SIMULATION_FIELDS, type FieldSelection, type SettingsLayer } from './settings.js';
import { LOCKABLE_NAMES, lockedBy, type LockableSetting } from './locked-settings.js';
import {
  STUDENT_CONTROLS,
  type StationRestrictions,
  type StudentControl,
} from '../../shared/lab/restrictions.js';
import { studentModeProblems } from '../../shared/lab/student-mode.js';
import { Type, type TSchema } from '@sinclair/typebox';
import { fits } from '../../shared/schema/shape-check.js';
import { errorMessage } from '../../shared/problems/message-text.js';

/**
 * Machine-wide presets (a lab installs TagSim on many PCs for many student accounts): a
 * `presets.json` whose settings are the defaults under each user's own settings.json, and a scene
 * to start on.
 */
export interface Presets {
  /** The presets file that was read; undefined when there is none. */
  file?: string;
  /** The preset settings: a field the user's settings.json has wins over these. */
  settings: SettingsLayer;
  /** The scene to start on, as written: a built-in's name, or a scene file's path. */
  scene?: string;
  /** Settings the user cannot change: the preset (or default) value applies whatever they saved. */
  locked?: LockableSetting[];
  /** What the student's window leaves out (docs/desktop.md). */
  studentMode?: StudentMode;
}

/**
 * presets.json `"studentMode"`: what the student may do, in the lab file's words
 * (`{"allow": ["simulation", "clock"]}`, shared/lab/restrictions.ts); `{"hideFaultControls":
 * true}` is short for allowing everything but `faults`.
 */
export interface StudentMode {
  /** The controls the window offers; every other one is hidden there and refused in main. */
  allow: StudentControl[];
}

export const NO_PRESETS: Presets = { settings: {} };

/** The name of the presets file in each place TagSim looks. */
export const PRESETS_FILE_NAME = 'presets.json';
/** The environment variable that names a presets file, ahead of every other place. */
export const PRESETS_ENV = 'TAGSIM_PRESETS';

/** One place a presets file may be, and who put it there. */
export interface PresetsCandidate {
  path: string;
  source: 'env' | 'resources' | 'machine';
}

/** The settings a lab may preset; the others (recent files, window bounds) belong to each user. */
const PRESET_FIELDS: FieldSelection = {
  fields: ['port', 'host', 'pinnedTagIds', 'modbus', 'modbusClient', 'opcuaClient'],
  simulation: Object.keys(SIMULATION_FIELDS) as (keyof typeof SIMULATION_FIELDS)[],
};
const PER_USER_FIELDS = ['recentScenes', 'windowBounds'];

/** The shapes of the presets' own fields (the settings' are SETTINGS_FIELDS'); words below. */
const shapeOf = (schema: TSchema) => ({ schema, refs: [] });
const PRESETS_SHAPES = {
  scene: shapeOf(Type.String({ pattern: '\\S' })),
  locked: shapeOf(Type.Array(Type.Unknown())),
  studentMode: shapeOf(Type.Object({})),
  hideFaultControls: shapeOf(Type.Boolean()),
};
const KNOWN_FIELDS = [...PRESET_FIELDS.fields, 'simulation', 'scene', 'locked', 'studentMode'];

/** A problem of a presets file, named by the file and the field; reported, never thrown at start. */
export class PresetsProblem extends Error {
  constructor(
    readonly file: string,
    readonly field: string | undefined,
    detail: string,
  ) {
    super(`presets ${file}: ${field === undefined ? '' : `${field}: `}${detail}`);
    this.name = 'PresetsProblem';
  }
}

/**
 * Where TagSim looks for presets, first found wins: the file named by TAGSIM_PRESETS; presets.json
 * in the app's resources folder (where an installer built with one puts it); then the machine's
 * folder for the platform. Pure: the caller passes the platform, the environment and Electron's
 * `process.resourcesPath`. On Windows the machine folder is `%ProgramData%\TagSim`; without
 * ProgramData in the environment there is none.
 */
export function presetsCandidates(
  platform: string,
  env: Readonly<Record<string, string | undefined>>,
  resourcesPath?: string,
): PresetsCandidate[] {
  const paths = platform === 'win32' ? path.win32 : path.posix;
  const candidates: PresetsCandidate[] = [];
  const named = env[PRESETS_ENV]?.trim();
  if (named) candidates.push({ path: named, source: 'env' });
  if (resourcesPath)
    candidates.push({ path: paths.join(resourcesPath, PRESETS_FILE_NAME), source: 'resources' });
  const machine = machineFolder(platform, env);
  if (machine) candidates.push({ path: paths.join(machine, PRESETS_FILE_NAME), source: 'machine' });
  return candidates;
}

function machineFolder(
  platform: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  if (platform === 'win32') {
    const programData = env['ProgramData']?.trim();
    return programData ? path.win32.join(programData, 'TagSim') : undefined;
  }
  if (platform === 'darwin') return '/Library/Application Support/TagSim';
  return '/etc/tagsim';
}

/**
 * Reads presets from untrusted JSON. Every field that is wrong is left out and listed as a
 * problem (with `file` and the field), and so is every field presets do not have (a typo, or a
 * per-user setting); the good fields are kept.
 */
export function parsePresets(input: unknown, file: string): { presets: Presets; problems: PresetsProblem[] } {
  if (!isRecord(input)) {
    return {
      presets: { ...NO_PRESETS, file },
      problems: [
        new PresetsProblem(
          file,
          undefined,
          'expected a JSON object such as {"port": 7410}; no presets apply',
        ),
      ],
    };
  }
  const problems: PresetsProblem[] = [];
  const report = (field: string, message: string) =>
    problems.push(new PresetsProblem(file, field, `${message}; ignored`));
  const { layer, bad } = readSettingsLayer(input, PRESET_FIELDS);
  for (const { field, expected } of bad) {
    report(field, `expected ${expected}, got ${kindOf(valueAt(input, field))}`);
    // A list with a bad item is ignored as a whole: a lab's preset applies as written or not at all.
    if (field === 'pinnedTagIds') delete layer.pinnedTagIds;
  }
  const presets: Presets = { file, settings: layer };
  const scene = input['scene'];
  if (fits(PRESETS_SHAPES.scene, scene)) presets.scene = (scene as string).trim();
  else if (scene !== undefined)
    report(
      'scene',
      `expected a built-in scene's name or the path of a .tagsim.json file, got ${kindOf(scene)}`,
    );
  readLocked(input['locked'], presets, report);
  readStudentMode(input['studentMode'], presets, report);
  // Built by fromEntries (own fields, as JSON.parse makes them): `others[key] = value` with the
  // key `__proto__` set the object's prototype instead, and the field was never reported.
  const others = Object.fromEntries(
    Object.entries(input).filter(([key]) => {
      const perUser = PER_USER_FIELDS.includes(key);
      if (perUser) report(key, 'a per-user setting, which presets cannot set');
      return !perUser;
    }),
  );
  unknownFields(others, KNOWN_FIELDS, '', report);
  const simulation = input['simulation'];
  if (isRecord(simulation)) unknownFields(simulation, PRESET_FIELDS.simulation, 'simulation.', report);
  return { presets, problems };
}

/** `"locked"`: a list of setting names; a name that is not one is left out, the others apply. */
function readLocked(value: unknown, presets: Presets, report: (field: string, message: string) => void) {
  if (value === undefined) return;
  if (!fits(PRESETS_SHAPES.locked, value)) {
    report('locked', `expected a list of setting names such as ["port", "host"], got ${kindOf(value)}`);
    return;
  }
  const locked = new Set<LockableSetting>();
  for (const [i, name] of (value as unknown[]).entries()) {
    const settings = typeof name === 'string' ? lockedBy(name) : [];
    if (settings.length > 0) settings.forEach((setting) => locked.add(setting));
    else {
      const meant = typeof name === 'string' ? closest(name, LOCKABLE_NAMES) : undefined;
      report(
        `locked[${i}]`,
        `expected one of ${LOCKABLE_NAMES.join(', ')}, got ${kindOf(name)}${meant ? `; did you mean '${meant}'?` : ''}`,
      );
    }
  }
  if (locked.size > 0) presets.locked = [...locked];
}

/**
 * `"studentMode"`: `{"allow": [...]}`, checked by the lab file's own schema, or the shorthand
 * `{"hideFaultControls": true}` (both: the stricter). Wrong words are reported and left out, so
 * the student never gets a control by a typo: `allow` that is not a list allows nothing.
 */
function readStudentMode(value: unknown, presets: Presets, report: (field: string, message: string) => void) {
  if (value === undefined) return;
  if (!fits(PRESETS_SHAPES.studentMode, value)) {
    report(
      'studentMode',
      `expected an object such as {"allow": ["simulation", "clock"]} or {"hideFaultControls": true}, got ${kindOf(value)}`,
    );
    return;
  }
  const { hideFaultControls: hide, ...vocabulary } = value as Record<string, unknown>;
  if (hide !== undefined && !fits(PRESETS_SHAPES.hideFaultControls, hide))
    report('studentMode.hideFaultControls', `expected true or false, got ${kindOf(hide)}`);
  // Beside the shorthand, "allow" may be absent: the schema then only speaks of the other fields.
  const given = 'allow' in vocabulary;
  if (Object.keys(vocabulary).length > 0)
    for (const problem of studentModeProblems(
      given ? vocabulary : { allow: [], ...vocabulary },
      'studentMode',
    ))
      report(problem.path, problem.message);
  let allow: StudentControl[] | undefined;
  if (given) {
    const words = Array.isArray(vocabulary['allow']) ? (vocabulary['allow'] as unknown[]) : [];
    allow = STUDENT_CONTROLS.filter((control) => words.includes(control));
  }
  if (hide === true) allow = (allow ?? [...STUDENT_CONTROLS]).filter((control) => control !== 'faults');
  if (allow) presets.studentMode = { allow };
}

/**
 * The student mode as the bridge host enforces it: a station of the presets' own, so the desktop
 * window is restricted exactly as a lab station's is (the same refusals, the same hiding).
 */
export function presetsStation(presets: Presets): StationRestrictions | undefined {
  const mode = presets.studentMode;
  return mode ? { name: 'Student mode', allowed: [...mode.allow], setBy: 'presets' } : undefined;
}

function valueAt(record: Record<string, unknown>, field: string): unknown {
  const [head, sub] = field.split('.');
  const value = record[head ?? ''];
  return sub === undefined ? value : (value as Record<string, unknown>)[sub];
}

/**
 * Finds and reads the presets of this machine: the first candidate that exists. Never throws:
 * every problem (a file TAGSIM_PRESETS names that is missing, a file that cannot be read or is not
 * JSON, each bad or unknown field) goes to `reportError` once, and whatever is good still applies.
 */
export async function loadPresets(
  candidates: readonly PresetsCandidate[],
  reportError: (error: unknown) => void,
): Promise<Presets> {
  for (const candidate of candidates) {
    if (!(await exists(candidate.path))) {
      // Someone set the variable on purpose: a wrong path deserves a word.
      if (candidate.source === 'env')
        reportError(
          new PresetsProblem(
            candidate.path,
            undefined,
            `${PRESETS_ENV} names this file, which does not exist`,
          ),
        );
      continue;
    }
    const file = candidate.path;
    let input: unknown;
    try {
      // Notepad may start a UTF-8 file with a byte order mark, which JSON.parse refuses.
      input = JSON.parse((await readTextFile(file)).text.replace(/^\uFEFF/, ''));
    } catch (error) {
      const detail = error instanceof SyntaxError ? `not valid JSON (${error.message})` : errorMessage(error);
      reportError(new PresetsProblem(file, undefined, `${detail}; no presets apply`));
      return { ...NO_PRESETS, file };
    }
    const { presets, problems } = parsePresets(input, file);
    for (const problem of problems) reportError(problem);
    return presets;
  }
  return NO_PRESETS;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    // Anything but "not there" (a permission problem, a looping link) is there and unreadable.
    return fileProblemOf(error) !== 'missing';
  }
}
