import type { TagKind, TagType } from '../core/tag-types.js';
import type { TagRef } from '../sim/behaviour-types.js';

// The contract of the Plant view (issue 23): what a scene may say about where its parts stand
// (PlacementHints), what the layout derived from the plant that runs looks like (PlantLayout),
// and what travels each frame that the tag values do not already give (PlantSnapshot). Plain
// JSON throughout, so hints sit in a scene file and snapshots go over the bridge as they are.
// Changes here are additive only: the bridge (branch plantstream) and the view build on it.
//
// Units: metres, with x to the right and y down (as the drawing's), angles in degrees clockwise
// from +x. A conveyor's position is the middle of its start edge.

/**
 * Optional placement data of a scene: a scene file's optional top-level field `layout` (validated
 * like every other field), and the `layout` of each built-in scene's plant (shared/scenes/builtin/).
 * Everything is optional: without hints the layout follows the conveyor graph alone.
 */
export interface PlacementHints {
  /** Per conveyor (by its behaviour's `conveyor` name): where its start is and where it points. */
  readonly conveyors?: Readonly<Record<string, ConveyorPlacement>>;
  /** Machines that are not conveyors: tanks, axes, cranes, elevators, scales, machining centres. */
  readonly parts?: readonly PartHint[];
  /**
   * Where the scene's control panel stands (its top-left corner; default: below the plant), and
   * tags it carries besides those named like panel parts (Start, Stop, ... light, Counter).
   */
  readonly panel?: { readonly x: number; readonly y: number; readonly tags?: readonly TagRef[] };
}

export interface ConveyorPlacement {
  readonly x: number;
  readonly y: number;
  /** Degrees clockwise from +x (default 0: items travel to the right). */
  readonly angle?: number;
  /** Belt width in metres (default 0.8; ramps and chutes are narrower). */
  readonly width?: number;
  /**
   * What it is drawn as (default 'belt'): a roller conveyor, a gravity ramp, or a `path`: a
   * conveyor of the model that is no belt of the machine (a gripper's travel, an elevator's ride),
   * drawn as a faint track along which its items still move.
   */
  readonly look?: 'belt' | 'rollers' | 'ramp' | 'path';
  /** Length drawn in metres where the model's differs (a 400 m "ride" that models travel time). */
  readonly drawnLength?: number;
}

/** What a non-conveyor part is drawn as. */
export type PartKind =
  'tank' | 'axis' | 'crane' | 'elevator' | 'scale' | 'vision' | 'pusher' | 'station' | 'turntable';

/**
 * A tag's job in a part: a tank's `level`, `fill` and `drain` valves, `setpoint`, `flow`; an axis's
 * `position` (read), `target` (commanded), `moving`, `command` (a Bit that sends it to its far
 * end), `grab`; a scale's or vision sensor's `reading`; a machine's `busy` / `detected` lamps and
 * `switch` actuators; a machine's `drive` (a motor: an elevator's Up, Down and Slow, drawn on its
 * hoist). The view draws a part from its roles; any tag it has no drawing for is
 * shown as a lamp (Input) or a switch (Output) on the part.
 */
export type PartRole =
  | 'level'
  | 'fill'
  | 'drain'
  | 'setpoint'
  | 'flow'
  | 'position'
  | 'target'
  | 'moving'
  | 'command'
  | 'grab'
  | 'reading'
  | 'detected'
  | 'lamp'
  | 'switch'
  | 'drive';

export interface PartHint {
  readonly part: PartKind;
  /** What a person calls it: "Tank", "Gantry X", "Pallet elevator". */
  readonly label: string;
  /** Top-left corner and size in metres. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** For axes: the direction it travels in the drawing (default 'x'; 'z' is drawn as a lift). */
  readonly axis?: 'x' | 'y' | 'z';
  readonly tags: readonly { readonly tag: TagRef; readonly role: PartRole }[];
  /**
   * `false`: the plant does not move this part (a machine of a saved scene the generic plant
   * cannot model, a sensor over no conveyor): its tags are the user's to set. Default true.
   */
  readonly simulated?: boolean;
  /**
   * An elevator's shaft: conveyors of the model along which its car travels (the car is drawn
   * where the item on them is, at the first one's start when none is). They are not drawn.
   */
  readonly tracks?: readonly string[];
  /** Conveyors drawn riding on the machine's car or carriage (a platform's rollers, a crane's forks). */
  readonly carries?: readonly string[];
  /** An axis carried by another axis's carriage (a gantry's Z on its X): that axis's label. */
  readonly on?: string;
}

/** A tag as the layout places it: enough to find its live value in the tag store and name it. */
export interface PlacedTag {
  readonly id: string;
  readonly name: string;
  readonly kind: TagKind;
  readonly type: TagType;
  readonly address: number;
}

/** The drawing of a plant: derived from its behaviours and hints by layoutPlant. */
export interface PlantLayout {
  readonly scene: string;
  /**
   * Size of the drawing of the machines (belts with room for their labels, parts) from (0, 0), in
   * metres. The control panel and the I/O panel are drawn beside it, not in it.
   */
  readonly width: number;
  readonly height: number;
  readonly conveyors: readonly LaidConveyor[];
  readonly parts: readonly LaidPart[];
  /** The control panel (Start, Stop, lights, counters...); absent when the scene has none. */
  readonly panel?: LaidPanel;
  /** The tags that are neither on a machine nor on the panel, as lamps and switches by kind. */
  readonly io: readonly IoGroup[];
}

export interface LaidConveyor {
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly length: number;
  readonly width: number;
  readonly look: 'belt' | 'rollers' | 'ramp' | 'path';
  /** Length drawn; items at `front` are drawn at front / length x drawnLength. */
  readonly drawnLength: number;
  /** Outputs that drive it (its `runs` and `speed`): clicking the belt selects the first. */
  readonly drive: readonly PlacedTag[];
  readonly sensors: readonly LaidSensor[];
  readonly exits: readonly LaidExit[];
  /** It has a feeder (an emitter at its start) / items leave the plant at its end. */
  readonly feeder: boolean;
  readonly removesAtEnd: boolean;
}

export interface LaidSensor {
  readonly tag: PlacedTag;
  /** Metres from the conveyor's start. */
  readonly from: number;
  readonly to: number;
  /** A reading sensor (vision, scale): shows a number instead of a beam. */
  readonly reads: boolean;
  readonly normallyClosed: boolean;
  /** Another beam of a tag already placed (a barrier across several ramps): drawn, not counted. */
  readonly echo: boolean;
}

export interface LaidExit {
  readonly to: string;
  /** The Outputs in its condition (a transfer, a pusher, a sorter arm), each placed once. */
  readonly gates: readonly PlacedTag[];
}

export interface LaidPart {
  readonly part: PartKind;
  readonly label: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly axis: 'x' | 'y' | 'z';
  readonly tags: readonly { readonly tag: PlacedTag; readonly role: PartRole }[];
  /** `false`: nothing moves it; its tags are the user's to set (PartHint.simulated). */
  readonly simulated: boolean;
  /** Its shaft's conveyors, and the conveyors drawn on its car (PartHint). */
  readonly tracks: readonly string[];
  readonly carries: readonly string[];
  readonly on?: string;
}

/** What a panel control is drawn as. */
export type PanelControlKind = 'button' | 'latch' | 'selector' | 'light' | 'display' | 'lamp' | 'switch';

export interface PanelControl {
  readonly tag: PlacedTag;
  readonly control: PanelControlKind;
  /** A button that is on at rest (Stop, Emergency stop): pressing it turns it off. */
  readonly normallyClosed: boolean;
  /** Colour of a button or light: from its name (red Stop, green Start, yellow Reset). */
  readonly colour: 'green' | 'red' | 'yellow' | 'blue' | 'white';
}

export interface LaidPanel {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly controls: readonly PanelControl[];
}

export interface IoGroup {
  /** "Sensors", "Actuators", "Readings", "Set points"... */
  readonly title: string;
  readonly controls: readonly PanelControl[];
}

/**
 * What the view needs each frame that tag values do not give: where the items are and whether
 * each belt runs, at plant time `timeMs`. Items are listed per conveyor, front first.
 */
export interface PlantSnapshot {
  /** Plant (simulation) time in milliseconds since the start or the last reset. */
  readonly timeMs: number;
  readonly conveyors: readonly ConveyorState[];
  /** The stacker cranes of the plant, where it has any (Automated Warehouse). */
  readonly cranes?: readonly CraneState[];
}

/**
 * Where a stacker crane is, from the plant's own model (shared/sim/stacker-crane.ts): metres from
 * its rest position along the rail (x) and up the mast (z), and the same in places of its rack.
 */
export interface CraneState {
  /** Its behaviour's `stackerCrane` name. */
  readonly name: string;
  /** The label of the layout's `crane` part it is drawn as (plantSnapshots; absent without a layout). */
  readonly part?: string;
  readonly x: number;
  readonly z: number;
  /**
   * Along the rail and up the mast in places, fractional while it travels: 0 is the rest position,
   * then one per column (level) from the first; a first column away from the rest position is 1.
   */
  readonly column: number;
  readonly level: number;
  /** The cell it stands at (columns × levels + 1 is the rest position); absent while it moves or between places. */
  readonly at?: number;
  readonly movingX: boolean;
  readonly movingZ: boolean;
  /** Where the forks are by their limit switches: -1 left, 1 right, 0 in the middle or on their way (plantSnapshots). */
  readonly forks?: number;
  /** The platform raised by the lift. */
  readonly lifted: boolean;
}

export interface ConveyorState {
  readonly name: string;
  /** Whether the belt moves now. */
  readonly running: boolean;
  /** Metres per second while it runs (0 when stopped): the view moves items between snapshots. */
  readonly speed: number;
  readonly items: readonly PlantItem[];
}

export interface PlantItem {
  /** Unique within a run of the plant (a reset starts again). */
  readonly id: number;
  /** The feeder's label: "box", "high box", "blue raw material", "pallet"... */
  readonly label: string;
  /** Where its front is, in metres from the conveyor's start. */
  readonly front: number;
  readonly length: number;
}

// Signatures (implemented in layout.ts and snapshot.ts):
//   layoutPlant(scene, hints?: PlacementHints): PlantLayout
//     hints default to the scene's own `layout` field; layoutScene (shared/scenes/scene-plant.ts)
//     lends a scene the built-in plant and layout of its name.
//   snapshotPlant(simulation: Simulation): PlantSnapshot
