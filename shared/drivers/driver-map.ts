import type { PointIoMap, PointKind } from './saved-drivers.js';

/**
 * The map of one of the simulator's Modbus drivers (docs/modbus.md): per Modbus table, the id of
 * the tag at each address from 0; `null` is a slot the scene leaves empty. A built-in scene's
 * server map as its saved copy ships it (driver-maps.generated.ts), or a scene file's own.
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
 * The map a scene saved for one of its Modbus drivers (its `drivers.ModbusTCPServer` or
 * `drivers.ModbusTCPClient`, from a `.factoryio` file), as a DriverMap: each table from its slots
 * (`BitInput` the discrete inputs, `BitOutput` the coils, `NumericInput` and `NumericOutput` the
 * registers, as the driver's "Numeric" points hold Int and Float alike), as many as its count
 * says. The server's slots sit after their offset, its addresses; the client's offsets are the
 * controller's addresses, not TagSim's, so with `atOffsets: false` slot n is address n.
 * `undefined` when it maps no tag at all (the driver was never set up).
 */
export function savedDriverMap(
  scene: string,
  saved: PointIoMap & { readonly Properties?: { readonly ScaleFactor?: number } },
  { atOffsets = true }: { atOffsets?: boolean } = {},
): DriverMap | undefined {
  if (!mapsATag(saved)) return undefined;
  const table = (kind: PointKind): (string | null)[] => {
    const keys = saved.PointIOKeys?.[kind] ?? [];
    const count = saved.PointIOCount?.[`${kind}Count`] ?? keys.length;
    const offset = atOffsets ? (saved.PointIOOffset?.[`${kind}Offset`] ?? 0) : 0;
    const slots = Array.from({ length: count }, (_, i) => keys[i] ?? null);
    return [...new Array<null>(offset).fill(null), ...slots];
  };
  return {
    scene,
    scaleFactor: saved.Properties?.ScaleFactor ?? DEFAULT_SAVED_SCALE_FACTOR,
    discreteInputs: table('BitInput'),
    coils: table('BitOutput'),
    inputRegisters: table('NumericInput'),
    holdingRegisters: table('NumericOutput'),
  };
}

/** Whether a saved block maps any tag within its counts: a block nobody set up maps none. */
export function mapsATag(saved: PointIoMap): boolean {
  return MODBUS_KINDS.some((kind) => {
    const keys = saved.PointIOKeys?.[kind] ?? [];
    const count = saved.PointIOCount?.[`${kind}Count`] ?? keys.length;
    return keys.slice(0, count).some((key) => key !== null);
  });
}

/** The kinds of point a Modbus driver exchanges (its Float and Int counts are always 0). */
const MODBUS_KINDS: readonly PointKind[] = ['BitInput', 'BitOutput', 'NumericInput', 'NumericOutput'];

/** The driver's scale factor where a saved block gives none: what almost every saved scene has. */
const DEFAULT_SAVED_SCALE_FACTOR = 100;
