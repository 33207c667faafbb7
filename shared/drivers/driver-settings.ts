import { type TSchema, Type } from '@sinclair/typebox';
import { toJsonSchema } from '../schema/json-schema.js';
import { says } from '../schema/shape-hints.js';
import type { Shape } from '../schema/shape-paths.js';
import { kindOf, show } from '../problems/json-words.js';

// The settings of the simulator's drivers that a scene keeps: the blocks of a saved scene's
// `<Drivers>` (docs/fidelity.md, "Saved scene files"), with the file's own names, so that every
// driver of TagSim reads the same typed data whether the scene came from a `.factoryio` file or a
// `.tagsim.json` one. The Modbus TCP/IP Server's map and scale factor serve `--modbus`; the
// Modbus TCP/IP Client's and the OPC client's are kept for the drivers that connect out. No file
// saves a host, a port or a slave id: those come from the driver's own options.

/** The kinds of point a point-I/O driver maps, as the file names its slots (`BitInput3`). */
export const POINT_KINDS = [
  'BitInput',
  'BitOutput',
  'FloatInput',
  'FloatOutput',
  'IntInput',
  'IntOutput',
  'NumericInput',
  'NumericOutput',
] as const;
export type PointKind = (typeof POINT_KINDS)[number];

/** Slots of one kind a driver map may hold: the simulator's bits and registers, with room. */
export const MAX_POINT_SLOTS = 4096;
/** Items an OPC client block may hold. */
export const MAX_OPC_ITEMS = 4096;
const MAX_TEXT = 1000;

/** A driver map: how many slots of each kind, where they start, and the tag id in each slot. */
export interface PointIoMap {
  readonly PointIOCount?: Readonly<Partial<Record<`${PointKind}Count`, number>>>;
  readonly PointIOOffset?: Readonly<Partial<Record<`${PointKind}Offset`, number>>>;
  /** Per kind, the tag id (`PointIOKey`) in each slot from 0; `null` is an empty slot. */
  readonly PointIOKeys?: Readonly<Partial<Record<PointKind, readonly (string | null)[]>>>;
}

/** `<ModbusTCPServer>`: the simulator serves its tags to a PLC that polls it. */
export interface ModbusServerDriver extends PointIoMap {
  readonly Properties?: {
    readonly ReadInputDiscretes?: boolean;
    readonly WriteCoils?: boolean;
    readonly ReadInputRegisters?: boolean;
    readonly WriteHoldingRegisters?: boolean;
    /** A Float travels as round(value × ScaleFactor) in one register. */
    readonly ScaleFactor?: number;
  };
}

/** `<ModbusTCPClient>`: the simulator polls a Modbus server (a PLC, a gateway). */
export interface ModbusClientDriver extends PointIoMap {
  readonly Properties?: {
    readonly ReadCoils?: boolean;
    readonly ReadHoldingRegisters?: boolean;
    readonly ScaleFactor?: number;
  };
}

/** One `<ItemN>` of `<OPCClientDA>`: an OPC item bound to a sensor (Input) or an actuator (Output). */
export interface OpcItem {
  readonly InputPointIOKey: string | null;
  readonly OutputPointIOKey: string | null;
  readonly ItemName: string;
  readonly ItemDisplayName: string;
}

/** `<OPCClientDA>`: the simulator as an OPC DA or UA client (`opc.tcp://...`). */
export interface OpcClientDriver {
  readonly Server?: {
    readonly Url?: string;
    readonly Name?: string;
    readonly MaxItemCount?: number;
    readonly StartsWithFilter?: string;
    readonly ContainsFilter?: string;
  };
  readonly Items?: readonly OpcItem[];
}

/** The driver settings of a scene (`drivers` of a scene file). */
export interface SceneDrivers {
  /** The driver in use when the scene was saved, as the file numbers it (docs/fidelity.md). */
  readonly CurrentDriver?: number;
  readonly ModbusTCPServer?: ModbusServerDriver;
  readonly ModbusTCPClient?: ModbusClientDriver;
  readonly OPCClientDA?: OpcClientDriver;
}

const optional = Type.Optional;
const closed = { additionalProperties: false } as const;
const whole = (max: number) =>
  says(Type.Integer({ minimum: 0, maximum: max }), {
    invalid: (v) => `must be a whole number from 0 to ${max}; got ${show(v)}`,
  });
const flag = () => says(Type.Boolean(), { invalid: (v) => `must be true or false; got ${show(v)}` });
const text = () =>
  says(Type.String({ maxLength: MAX_TEXT }), {
    invalid: (v) => `must be a string of at most ${MAX_TEXT} characters; got ${kindOf(v)}`,
  });
const tagId = () =>
  says(Type.Union([Type.String({ minLength: 1, maxLength: MAX_TEXT }), Type.Null()]), {
    invalid: (v) => `must be a tag id or null (an empty slot); got ${show(v)}`,
  });
const fieldsOf = (suffix: string, value: () => TSchema) =>
  Object.fromEntries(POINT_KINDS.map((k) => [`${k}${suffix}`, optional(value())]));
const objectOf = (fields: string) => (v: unknown) => `must be an object ${fields}; got ${kindOf(v)}`;

const pointIoFields = {
  PointIOCount: optional(
    says(
      Type.Object(
        fieldsOf('Count', () => whole(MAX_POINT_SLOTS)),
        closed,
      ),
      {
        invalid: objectOf('{BitInputCount, ..., NumericOutputCount}'),
      },
    ),
  ),
  PointIOOffset: optional(
    says(
      Type.Object(
        fieldsOf('Offset', () => whole(65535)),
        closed,
      ),
      {
        invalid: objectOf('{BitInputOffset, ..., NumericOutputOffset}'),
      },
    ),
  ),
  PointIOKeys: optional(
    says(
      Type.Object(
        fieldsOf('', () =>
          says(Type.Array(tagId(), { maxItems: MAX_POINT_SLOTS }), {
            invalid: (v) =>
              `must be an array of at most ${MAX_POINT_SLOTS} tag ids or nulls; got ${kindOf(v)}`,
          }),
        ),
        closed,
      ),
      { invalid: objectOf('{BitInput: [...], ..., NumericOutput: [...]}') },
    ),
  ),
};
const scaleFactor = () =>
  says(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 }), {
    invalid: (v) => `must be a number above 0; got ${show(v)}`,
  });

/** A Modbus driver's block: its map, and Properties of these flags and a scale factor. */
const modbusSchema = (flags: readonly string[], description: string) =>
  says(
    Type.Object(
      {
        ...pointIoFields,
        Properties: optional(
          Type.Object(
            {
              ...Object.fromEntries(flags.map((f) => [f, optional(flag())])),
              ScaleFactor: optional(scaleFactor()),
            },
            closed,
          ),
        ),
      },
      { ...closed, description },
    ),
    { invalid: objectOf('{PointIOCount, PointIOOffset, PointIOKeys, Properties}') },
  );

const ModbusServerSchema = modbusSchema(
  ['ReadInputDiscretes', 'WriteCoils', 'ReadInputRegisters', 'WriteHoldingRegisters'],
  "The Modbus TCP/IP Server driver's map and properties, as saved.",
);
const ModbusClientSchema = modbusSchema(
  ['ReadCoils', 'ReadHoldingRegisters'],
  "The Modbus TCP/IP Client driver's map and properties, as saved.",
);

const OpcClientSchema = says(
  Type.Object(
    {
      Server: optional(
        Type.Object(
          {
            Url: optional(text()),
            Name: optional(text()),
            MaxItemCount: optional(whole(MAX_OPC_ITEMS)),
            StartsWithFilter: optional(text()),
            ContainsFilter: optional(text()),
          },
          closed,
        ),
      ),
      Items: optional(
        says(
          Type.Array(
            Type.Object(
              {
                InputPointIOKey: tagId(),
                OutputPointIOKey: tagId(),
                ItemName: text(),
                ItemDisplayName: text(),
              },
              closed,
            ),
            { maxItems: MAX_OPC_ITEMS },
          ),
          { invalid: (v) => `must be an array of at most ${MAX_OPC_ITEMS} items; got ${kindOf(v)}` },
        ),
      ),
    },
    { ...closed, description: "The OPC client driver's server and items, as saved." },
  ),
  { invalid: objectOf('{Server, Items}') },
);

const DriversSchema = says(
  Type.Object(
    {
      CurrentDriver: optional(whole(2 ** 31 - 1)),
      ModbusTCPServer: optional(ModbusServerSchema),
      ModbusTCPClient: optional(ModbusClientSchema),
      OPCClientDA: optional(OpcClientSchema),
    },
    {
      ...closed,
      description:
        'The settings of the simulator\'s drivers a saved scene keeps, with its own names (docs/scenes.md, "Drivers").',
    },
  ),
  { invalid: objectOf('{CurrentDriver, ModbusTCPServer, ModbusTCPClient, OPCClientDA}') },
);

/** The `drivers` field's shape, as shape-check takes it. */
export const DRIVERS_SHAPE: Shape = { schema: DriversSchema, refs: [] };

/** The JSON Schema (draft-07) of the `drivers` field. */
export function driversJsonSchema(): object {
  return toJsonSchema(DriversSchema, {});
}
