import type {
  ConveyorPlacement,
  PartHint,
  PartKind,
  PartRole,
  PlacementHints,
} from '../../plant/plant-types.js';
import type { Behaviour, Conveyor, TagRef } from '../../sim/behaviour-types.js';
import type { SceneDefinition } from '../scene-definition.js';

// What the plants of the built-in scenes are declared with (issue 35, "One plant model per
// scene"). A built-in scene's module declares each of its parts once, a belt, a tank, an axis, a
// plain rule, the panel, and declarePlant turns the list into the two fields a scene file
// carries: `behaviours` (what moves) and `layout` (what is drawn). So a tag or conveyor is named
// once, and a built-in scene is exactly a scene file the product ships (test/scenes/builtin-plants.test.ts).
//
// The order of the declarations is the order of both outputs: the behaviours run and are listed
// in it (a conveyor's random stream is derived from its place), the machines are drawn in it (a
// later one over an earlier one), the conveyors' placements are keyed in it.

/** A built-in scene's plant: the `behaviours` and `layout` fields of a scene file, both present. */
export type BuiltinPlant = Required<Pick<SceneDefinition, 'behaviours' | 'layout'>>;

/** What one declared part adds to the plant: behaviours, conveyor placements, machines, the panel. */
export interface PlantPart {
  readonly behaviours?: readonly Behaviour[];
  readonly conveyors?: Readonly<Record<string, ConveyorPlacement>>;
  readonly parts?: readonly PartHint[];
  readonly panel?: PlacementHints['panel'];
}

/** The plant of the declared parts, in their order (see above). At most one part places the panel. */
export function declarePlant(...declared: readonly PlantPart[]): BuiltinPlant {
  const behaviours = declared.flatMap((p) => p.behaviours ?? []);
  const conveyors = Object.assign({}, ...declared.map((p) => p.conveyors ?? {})) as Record<
    string,
    ConveyorPlacement
  >;
  const parts = declared.flatMap((p) => p.parts ?? []);
  const panels = declared.flatMap((p) => (p.panel ? [p.panel] : []));
  if (panels.length > 1) throw new Error('a built-in plant places its panel once');
  return {
    behaviours,
    layout: {
      ...(Object.keys(conveyors).length > 0 ? { conveyors } : {}),
      ...(parts.length > 0 ? { parts } : {}),
      ...(panels[0] ? { panel: panels[0] } : {}),
    },
  };
}

/**
 * A conveyor of the model, with where it is drawn (`at`: its start, angle, width, look; left out,
 * the layout places it after the conveyor graph). The rest is the Conveyor behaviour as it runs.
 */
export function belt(spec: Conveyor & { readonly at?: ConveyorPlacement }): PlantPart {
  const { at, ...conveyor } = spec;
  return { behaviours: [conveyor], ...(at ? { conveyors: { [conveyor.conveyor]: at } } : {}) };
}

/**
 * A conveyor of the model that is no belt of the machine (a gripper's travel, a lift's ride):
 * drawn as a faint 0.3 m track of `drawnLength` metres from (x, y) along `angle`.
 */
export function path(x: number, y: number, angle: number, drawnLength: number): ConveyorPlacement {
  return { x, y, angle, drawnLength, width: 0.3, look: 'path' };
}

/** Rules and signal generators that nothing in the drawing stands for (an operator, a knob). */
export function rule(...behaviours: readonly Behaviour[]): PlantPart {
  return { behaviours };
}

/** A machine's place in the drawing: its top-left corner and size, metres. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A machine's tags, each with its job on it (PartRole), in the order the machine shows them. */
export type RoledTags = readonly (readonly [TagRef, PartRole])[];

/** What a machine may say besides its kind, label, place and tags (PartHint), and the behaviours that move it. */
export type MachineOptions = Partial<Pick<PartHint, 'axis' | 'simulated' | 'tracks' | 'carries' | 'on'>> & {
  readonly behaviours?: readonly Behaviour[];
};

/**
 * A machine that is not a conveyor (tank, axis, crane, elevator, scale, station...): its hint,
 * and the behaviours that model it (the rules of an axis, the level of a tank), declared together.
 */
export function machine(
  part: PartKind,
  label: string,
  at: Box,
  tags: RoledTags,
  options: MachineOptions = {},
): PlantPart {
  const { behaviours, axis, ...rest } = options;
  const hint: PartHint = {
    part,
    label,
    ...at,
    ...(axis ? { axis } : {}),
    tags: tags.map(([tag, role]) => ({ tag, role })),
    ...rest,
  };
  return { ...(behaviours ? { behaviours } : {}), parts: [hint] };
}

/** A tank labelled "Tank" at `at`, its valves and meters by role, with the behaviours that model its level. */
export function tank(at: Box, tags: RoledTags, behaviours?: readonly Behaviour[]): PlantPart {
  return machine('tank', 'Tank', at, tags, behaviours ? { behaviours } : {});
}

/**
 * Where the control panel stands (its top-left corner), and tags it carries besides those named
 * like panel parts (Start, Stop, ... light, Counter), in the order given.
 */
export function panel(x: number, y: number, tags?: readonly TagRef[]): PlantPart {
  return { panel: { x, y, ...(tags ? { tags } : {}) } };
}

export { input, output, isOn, isOff, emitterOn, SPEED } from './plant-parts.js';
