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
