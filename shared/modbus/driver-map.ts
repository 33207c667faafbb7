import type { ModbusServerDriver, PointKind } from '../drivers/driver-settings.js';

/**
 * The default map of the simulator's Modbus TCP/IP Server driver for one built-in scene, as its
 * saved copy ships it (docs/modbus.md): per Modbus table, the id of the tag at each address from
 * 0; `null` is a slot the scene leaves empty.
 */
export interface DriverMap {
  readonly scene: string;
  /** Float tags travel as round(value × scaleFactor) in one 16-bit register. */
  readonly scaleFactor: number;
  readonly discreteInputs: readonly (string | null)[];
  readonly coils: readonly (string | null)[];
  readonly inputRegisters: readonly (string | null)[];
  readonly holdingRegisters: readonly (string | null)[];
}

/**
 * The map a scene saved for its Modbus TCP/IP Server driver (its `drivers.ModbusTCPServer`, from
 * a `.factoryio` file), as a DriverMap: each table from its slots (`BitInput` the discrete inputs,
 * `BitOutput` the coils, `NumericInput` and `NumericOutput` the registers, as the driver's
 * "Numeric" points hold Int and Float alike), as many as its count says, after its offset.
 * `undefined` when it maps no tag at all (the driver was never set up).
 */
export function savedDriverMap(scene: string, saved: ModbusServerDriver): DriverMap | undefined {
  const table = (kind: PointKind): (string | null)[] => {
    const keys = saved.PointIOKeys?.[kind] ?? [];
    const count = saved.PointIOCount?.[`${kind}Count`] ?? keys.length;
    const offset = saved.PointIOOffset?.[`${kind}Offset`] ?? 0;
    const slots = Array.from({ length: count }, (_, i) => keys[i] ?? null);
    return [...new Array<null>(offset).fill(null), ...slots];
  };
  const map: DriverMap = {
    scene,
    scaleFactor: saved.Properties?.ScaleFactor ?? DEFAULT_SAVED_SCALE_FACTOR,
    discreteInputs: table('BitInput'),
    coils: table('BitOutput'),
    inputRegisters: table('NumericInput'),
    holdingRegisters: table('NumericOutput'),
  };
  const tables = [map.discreteInputs, map.coils, map.inputRegisters, map.holdingRegisters];
  return tables.some((t) => t.some((id) => id !== null)) ? map : undefined;
}

/** The driver's scale factor where a saved block gives none: what almost every saved scene has. */
const DEFAULT_SAVED_SCALE_FACTOR = 100;
