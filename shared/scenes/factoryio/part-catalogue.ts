import type { PartKind } from '../../plant/plant-types.js';

// What TagSim knows of each part of the simulator, by its prefab name: how it moves in the
// generic plant and how the Plant view draws it. Sizes come from the public saved scenes where
// they show them (docs/fidelity.md, "Saved scene files": conveyors meet end to end at their
// length; a loading conveyor's end meets a 2 m conveyor's start 1.25 m from its middle...), else
// they are TagSim's. A prefab not listed is drawn as a labelled box, its tags left to the user.

/** A conveyor that carries items along a straight line through its middle. */
export interface StraightConveyor {
  readonly role: 'conveyor';
  /** Metres. */
  readonly length: number;
  readonly look: 'belt' | 'rollers';
}

/**
 * A 90° curve, as two ends in its own frame (grid steps along its forward and right): items go
 * from `a` to `b` in the counter-clockwise mode (`..._OM_CCW_NAME`) and from `b` to `a` in the
 * clockwise one, as the conveyors that meet each end in the public files show.
 */
export interface CurvedConveyor {
  readonly role: 'curve';
  readonly a: readonly [forward: number, right: number];
  readonly b: readonly [forward: number, right: number];
  /** Metres along the curve's middle. */
  readonly length: number;
  readonly look: 'belt' | 'rollers';
}

export type PartRole =
  | StraightConveyor
  | CurvedConveyor
  /** A sensor whose beam runs along its right direction (Range metres); on while it sees an item, or off (`normallyClosed`). */
  | { readonly role: 'sensor'; readonly normallyClosed: boolean; readonly detects?: readonly string[] }
  /** Beams from the emitter to the receiver; each beam its own Bit Input, on while broken. */
  | { readonly role: 'lightCurtain' }
  /** Reads the part under it: a code (Int) in its numerical mode, or one colour (Bit). */
  | { readonly role: 'vision' }
  | { readonly role: 'emitter' }
  | { readonly role: 'remover' }
  /** Buttons, switches, lights, displays: the operator's panel. */
  | { readonly role: 'panel' }
  /**
   * A machine TagSim draws but does not move: its tags are the user's to set. Drawn as a block
   * (`station`, or a tank), not as an axis: a generic axis would need its tags' roles.
   */
  | { readonly role: 'machine'; readonly kind: PartKind; readonly width: number; readonly depth: number }
  /** Floor, guards, brackets, mirrors, loose items: no tags, not drawn (counted in a note). */
  | { readonly role: 'scenery' };

const straight = (length: number, look: 'belt' | 'rollers'): StraightConveyor => ({
  role: 'conveyor',
  length,
  look,
});
const machine = (kind: PartKind, width = 1, depth = 1): PartRole => ({ role: 'machine', kind, width, depth });

const METAL = ['metal raw material', 'metal lid', 'metal base'];

const ROLES: Readonly<Record<string, PartRole>> = {
  BeltConveyor2M: straight(2, 'belt'),
  BeltConveyor4M: straight(4, 'belt'),
  BeltConveyor6M: straight(6, 'belt'),
  RollerConveyor2M: straight(2, 'rollers'),
  RollerConveyor4M: straight(4, 'rollers'),
  RollerConveyor6M: straight(6, 'rollers'),
  LoadingConveyor: straight(1.25, 'rollers'),
  // Quarter circles through both ends: radius 11.5 grid steps (rollers) and 4.75 (belt).
  CurvedRollerConveyor: { role: 'curve', a: [-4, -7.5], b: [7.5, 4], length: 2.26, look: 'rollers' },
  CurvedBeltConveyor: { role: 'curve', a: [0, -4.5], b: [5, 0], length: 0.93, look: 'belt' },

  DiffusePhotoelectricSensor: { role: 'sensor', normallyClosed: false },
  RetroreflectivePhotoelectricSensor: { role: 'sensor', normallyClosed: true },
  CapacitiveSensor: { role: 'sensor', normallyClosed: false },
  InductiveSensor: { role: 'sensor', normallyClosed: false, detects: METAL },
  LightCurtainEmitter: { role: 'lightCurtain' },
  VisionSensor: { role: 'vision' },
  Emitter: { role: 'emitter' },
  Remover: { role: 'remover' },

  ...Object.fromEntries(
    [
      'StartPushButton',
      'StopPushButton',
      'ResetPushButton',
      'EmergencyStopButton',
      'PushButton',
      'Selector',
      'Potentiometer',
      'DigitalDisplay',
      'WarningLight',
      'VisualStatusIndicator',
      'BlueLightIndicator',
      'GreenLightIndicator',
      'RedLightIndicator',
      'YellowLightIndicator',
      'WhiteLightIndicator',
      'ElectricSwitchboard',
    ].map((p) => [p, { role: 'panel' } as PartRole]),
  ),

  ChainTransfer: machine('station'),
  Turntable: machine('turntable', 1.25, 1.25),
  Pusher: machine('pusher', 1, 0.5),
  StopBlade: machine('station', 0.5, 0.25),
  RollerStop: machine('station', 0.5, 0.25),
  PopUpWheelSorter: machine('station'),
  PivotArmSorter: machine('station', 1.25, 0.5),
  ConveyorScale: machine('scale', 1.25, 1),
  TwoAxisPickNPlace: machine('station', 2, 1),
  PickNPlace: machine('station', 3, 3),
  Elevator: machine('station', 1.5, 1.5),
  StackerCrane: machine('station', 3, 1),
  Palletizer: machine('station', 3, 3),
  MachiningCenter: machine('station', 2, 2),
  RFIDReader: machine('station', 0.5, 0.5),
  Tank: machine('tank', 1.5, 1.5),
  PositioningRightBar: machine('station', 1, 0.5),
  SafetyDoor: machine('station', 1, 0.25),

  ...Object.fromEntries(
    [
      'MetalCorner',
      'PlatformXL',
      'PlatformL',
      'PlatformM',
      'PlatformS',
      'PlatformPillar',
      'HandrailXL',
      'HandrailL',
      'HandrailM',
      'HandrailS',
      'CornerHandrail',
      'StairsHandrail',
      'Stairs',
      'Safeguard',
      'SafeguardL',
      'SafeguardI',
      'Column',
      'Bracket',
      'Rack',
      'RetroreflectiveMirror',
      'LightCurtainReceiver',
      'FreeRoller',
      'Aligner1',
      'Aligner2',
      'Aligner3',
      'WheelAligner',
      'ChuteConveyor',
      'ChuteConveyorLow',
      'BoxS',
      'BoxM',
      'BoxL',
      'PalletizingBox',
      'StackableBox',
      'Pallet',
      'SquarePallet',
      'RawMaterialBlue',
      'RawMaterialGreen',
      'RawMaterialMetal',
      'ProductBaseBlue',
      'ProductBaseGreen',
      'ProductBaseMetal',
      'ProductLidBlue',
      'ProductLidGreen',
      'ProductLidMetal',
    ].map((p) => [p, { role: 'scenery' } as PartRole]),
  ),
};

/** What TagSim knows of a prefab, or `undefined` for one it does not know. */
export function roleOf(prefab: string): PartRole | undefined {
  return Object.hasOwn(ROLES, prefab) ? ROLES[prefab] : undefined;
}

/** A prefab's name in words: `RollerConveyor4M` is "Roller conveyor 4 m", `Emitter` "Emitter". */
export function prefabWords(prefab: string): string {
  const words = prefab.replace(/([a-z])([A-Z0-9])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2');
  return (
    words.charAt(0) +
    words
      .slice(1)
      .toLowerCase()
      .replace(/(\d)m\b/, '$1 m')
  );
}

/** An emitter's or remover's chosen part or base as an item label (what a vision sensor reads). */
export const ITEM_LABELS: Readonly<Record<string, { label: string; length: number }>> = {
  BoxS: { label: 'small box', length: 0.4 },
  BoxM: { label: 'medium box', length: 0.5 },
  BoxL: { label: 'large box', length: 0.6 },
  PalletizingBox: { label: 'palletizing box', length: 0.4 },
  StackableBox: { label: 'stackable box', length: 0.6 },
  RawMaterialBlue: { label: 'blue raw material', length: 0.4 },
  RawMaterialGreen: { label: 'green raw material', length: 0.4 },
  RawMaterialMetal: { label: 'metal raw material', length: 0.4 },
  ProductBaseBlue: { label: 'blue base', length: 0.4 },
  ProductBaseGreen: { label: 'green base', length: 0.4 },
  ProductBaseMetal: { label: 'metal base', length: 0.4 },
  ProductLidBlue: { label: 'blue lid', length: 0.4 },
  ProductLidGreen: { label: 'green lid', length: 0.4 },
  ProductLidMetal: { label: 'metal lid', length: 0.4 },
  Pallet: { label: 'pallet', length: 1.2 },
  SquarePallet: { label: 'square pallet', length: 1 },
};
