import { Type } from '@sinclair/typebox';
import { parseJsonText } from '../problems/json-text.js';
import { kindOf, listKindOf, show } from '../problems/json-words.js';
import { ValidationError } from '../problems/problem-list.js';
import { shapeProblems } from '../schema/shape-check.js';
import { says } from '../schema/shape-hints.js';
import { placeProblems, type Shape } from '../schema/shape-paths.js';
import { MAX_STATIONS } from './lab-plan.js';
import { DEFAULT_STUDENT_CONTROLS, type StudentControl } from './restrictions.js';
import { StudentModeSchema } from './student-mode.js';
import { parseHostPort } from '../core/host-port.js';
import { MODBUS_CLIENT_DEFAULTS } from '../drivers/modbus-client-settings.js';
import { endpointProblem } from '../drivers/opcua-client-settings.js';

/**
 * Who may use a station's control API (/tagsim/v1): the instructor, with the dashboard's token
 * (the default), nobody, or the student as under `tagsim serve` (no token on a loopback host).
 */
export const CONTROL_API_OWNERS = ['instructor', 'off', 'student'] as const;
export type ControlApiOwner = (typeof CONTROL_API_OWNERS)[number];

/** What the student may do at a station: `{"allow": ["simulation", "faults"]}` (docs/lab.md). */
export interface StudentModePlan {
  readonly allow: readonly StudentControl[];
}

/** One station of a lab file: the scene its student works on, and a label for the dashboard. */
export interface LabStationPlan {
  /** A built-in scene's name or a scene file; the default scene when absent. */
  readonly scene?: string;
  readonly label?: string;
  /** This station's student mode, instead of the lab's. */
  readonly studentMode?: StudentModePlan;
  /** Who uses this station's control API, instead of the lab's. */
  readonly controlApi?: ControlApiOwner;
  /**
   * This station's controller, which its Modbus client scans (`192.168.0.11` or `plc:5020`;
   * docs/lab.md): the address instead of the one `--modbus-client` gives it.
   */
  readonly modbusClient?: { readonly host: string; readonly port: number };
  /** This station's controller's OPC UA server (`opc.tcp://10.0.0.11:4840`), bound by node name. */
  readonly opcuaClient?: string;
}

/** A lab file: `{"stations": [{"scene": "Filling Tank", "label": "Bench 1"}, ...]}`. */
export interface LabFile {
  readonly stations: readonly LabStationPlan[];
}

/** What every station's student may do when neither the station nor the lab says. */
export const DEFAULT_STUDENT_MODE: StudentModePlan = { allow: DEFAULT_STUDENT_CONTROLS };

const closed = { additionalProperties: false } as const;
const nonEmpty = (what: string) =>
  says(Type.String({ pattern: '\\S', maxLength: 200 }), {
    invalid: (v) =>
      typeof v === 'string'
        ? `must be ${what} of at most 200 characters, not blank`
        : `must be a string; got ${kindOf(v)}`,
  });

const ControlApiSchema = says(Type.Union(CONTROL_API_OWNERS.map((o) => Type.Literal(o))), {
  invalid: (v) => `must be one of ${CONTROL_API_OWNERS.join(', ')}; got ${show(v)}`,
});

const LabFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    studentMode: Type.Optional(StudentModeSchema),
    controlApi: Type.Optional(ControlApiSchema),
    stations: says(
      Type.Array(
        Type.Object(
          {
            scene: Type.Optional(nonEmpty('a built-in scene or a scene file')),
            label: Type.Optional(nonEmpty('a label')),
            studentMode: Type.Optional(StudentModeSchema),
            controlApi: Type.Optional(ControlApiSchema),
            modbusClient: Type.Optional(nonEmpty('a controller address like 192.168.0.11 or plc:5020')),
            opcuaClient: Type.Optional(nonEmpty('an OPC UA endpoint like opc.tcp://192.168.0.11:4840')),
          },
          closed,
        ),
        { minItems: 1, maxItems: MAX_STATIONS },
      ),
      {
        invalid: (v) =>
          Array.isArray(v) && v.length > MAX_STATIONS
            ? `has ${v.length} stations; a lab has at most ${MAX_STATIONS}`
            : `must be a non-empty array of stations such as {"scene": "Filling Tank"}; got ${listKindOf(v)}`,
      },
    ),
  },
  closed,
);
const LAB_FILE_SHAPE: Shape = { schema: LabFileSchema, refs: [] };

/**
 * Reads a lab file's text. Returns the lab, or throws a ValidationError (what: 'lab file')
 * with every problem and its place: `stations[2].scene: must be a string; got number 3`.
 */
export function parseLabFile(text: string, source?: string): LabFile {
  const parsed = parseJsonText(text);
  const fail = (path: string, message: string) =>
    new ValidationError([{ path, message }], source, 'lab file');
  if (!parsed.ok) throw fail('(file)', parsed.message);
  const json = parsed.value;
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw fail('(file)', `a lab file is a JSON object such as {"stations": [...]}; got ${kindOf(json)}`);
  const problems = placeProblems(LAB_FILE_SHAPE, json, '', shapeProblems(LAB_FILE_SHAPE, json));
  if (problems.length > 0) throw new ValidationError(problems, source, 'lab file');
  const lab = json as {
    stations: (Omit<LabStationPlan, 'modbusClient'> & { modbusClient?: string })[];
    studentMode?: StudentModePlan;
    controlApi?: ControlApiOwner;
  };
  const addresses = lab.stations.map((s) =>
    s.modbusClient === undefined ? undefined : parseHostPort(s.modbusClient, MODBUS_CLIENT_DEFAULTS.port),
  );
  const wrong = [
    ...addresses.flatMap((a, i) =>
      a && 'problem' in a ? [{ path: `stations[${i}].modbusClient`, message: a.problem }] : [],
    ),
    ...lab.stations.flatMap((s, i) => {
      const problem = s.opcuaClient === undefined ? undefined : endpointProblem(s.opcuaClient.trim());
      return problem ? [{ path: `stations[${i}].opcuaClient`, message: problem }] : [];
    }),
  ];
  if (wrong.length > 0) throw new ValidationError(wrong, source, 'lab file');
  // Each station says it all: its own choice, else the lab's, else the default.
  const stations = lab.stations.map((s, i) => {
    const controller = addresses[i];
    return {
      ...(s.scene !== undefined ? { scene: s.scene.trim() } : {}),
      ...(s.label !== undefined ? { label: s.label.trim() } : {}),
      studentMode: { allow: [...(s.studentMode ?? lab.studentMode ?? DEFAULT_STUDENT_MODE).allow] },
      controlApi: s.controlApi ?? lab.controlApi ?? 'instructor',
      ...(controller && !('problem' in controller) ? { modbusClient: controller } : {}),
      ...(s.opcuaClient !== undefined ? { opcuaClient: s.opcuaClient.trim() } : {}),
    };
  });
  return { stations };
}
