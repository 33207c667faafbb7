import type { TagRef } from '../../conditions/tag-refs.js';
import type { PartHint, PartRole as TagRole, PlacementHints } from '../../plant/plant-types.js';
import { MAX_LAYOUT_METRES, MAX_LAYOUT_PARTS, MAX_PART_TAGS } from '../scene-layout.js';
import type { FioPart, FioTag } from './fio-document.js';
import { angleOf, placeOf, type Point } from './fio-geometry.js';
import { CONVEYOR_WIDTH, pointAlong } from './fio-tracks.js';
import type { GenericPlant } from './generic-plant.js';
import { prefabWords, roleOf } from './part-catalogue.js';

// Where the Plant view draws a saved scene, as its user built it: each conveyor of the generic
// plant where its part stands, the machines it does not move and every prefab TagSim does not
// know as labelled boxes (never dropped), and the buttons, lights and displays on the panel. The
// data is the layout every scene has (shared/plant/plant-types.ts), so the view draws it as it
// draws any other.

/** Room left of and above the drawing, metres. */
const MARGIN = 1;
/** What a tank's groups hold, as the view's roles for a tank. */
const TANK_ROLES: Readonly<Record<string, TagRole>> = {
  LevelMeter: 'level',
  FlowMeter: 'flow',
  FillValve: 'fill',
  DischargeValve: 'drain',
};

/** A part drawn as a box: its place and size in the plan, its label and how its tags show. */
interface Box {
  readonly part: FioPart;
  readonly kind: PartHint['part'];
  readonly width: number;
  readonly depth: number;
  readonly simulated: boolean;
}

/**
 * The layout of a scene read from a saved one, and a note of what it leaves undrawn (floors,
 * guards, loose items: scenery without tags).
 */
export function layoutOf(
  parts: readonly FioPart[],
  plant: GenericPlant,
): { layout: PlacementHints; notes: string[] } {
  const unmoved = new Set(plant.unmoved.map((u) => u.part));
  const boxes: Box[] = [];
  const panelTags: TagRef[] = [];
  const scenery = new Map<string, number>();
  for (const part of parts) {
    const role = roleOf(part.prefab);
    if (role?.role === 'panel') panelTags.push(...part.tags.map((t) => ({ id: t.key })));
    else if (role?.role === 'scenery') scenery.set(part.prefab, (scenery.get(part.prefab) ?? 0) + 1);
    else if (role?.role === 'machine')
      boxes.push({ part, kind: role.kind, width: role.width, depth: role.depth, simulated: false });
    else if (role === undefined) boxes.push({ part, kind: 'station', width: 1, depth: 1, simulated: false });
    else if (unmoved.has(part))
      boxes.push({ part, kind: 'station', width: 0.6, depth: 0.6, simulated: false });
  }

  // The plan's points: the belts' ends and the boxes' middles, shifted so the drawing starts at MARGIN.
  const points: Point[] = [
    ...plant.segments.flatMap((s) => [pointAlong(s.track, s.from), pointAlong(s.track, s.to)]),
    ...boxes.map((b) => placeOf(b.part).at),
  ];
  const left = Math.min(0, ...points.map((p) => p.x - CONVEYOR_WIDTH)) - MARGIN;
  const top = Math.min(0, ...points.map((p) => p.y - CONVEYOR_WIDTH)) - MARGIN;
  const at = (p: Point) => ({ x: clamp(p.x - left), y: clamp(p.y - top) });

  const conveyors: Record<string, NonNullable<PlacementHints['conveyors']>[string]> = {};
  for (const s of plant.segments) {
    const start = at(pointAlong(s.track, s.from));
    const drawn = ((s.to - s.from) * s.track.chord) / s.track.length;
    conveyors[s.name] = {
      ...start,
      angle: angleOf(s.track.direction),
      width: CONVEYOR_WIDTH,
      look: s.track.look,
      ...(Math.abs(drawn - (s.to - s.from)) > 1e-3 ? { drawnLength: round(drawn) } : {}),
    };
  }

  const counts = new Map<string, number>();
  const drawnBoxes = boxes.slice(0, MAX_LAYOUT_PARTS);
  const hints: PartHint[] = drawnBoxes.map((b) => {
    const n = (counts.get(b.part.prefab) ?? 0) + 1;
    counts.set(b.part.prefab, n);
    const placed = placeOf(b.part);
    // Boxes are drawn square to the page: a part turned a quarter turn swaps its sides.
    const across = Math.abs(placed.forward.x) > Math.abs(placed.forward.y);
    const [width, height] = across ? [b.depth, b.width] : [b.width, b.depth];
    const middle = at(placed.at);
    return {
      part: b.kind,
      label: `${prefabWords(b.part.prefab)} ${n}`.slice(0, 200),
      x: round(middle.x - width / 2),
      y: round(middle.y - height / 2),
      width,
      height,
      tags: b.part.tags.slice(0, MAX_PART_TAGS).map((t) => ({ tag: { id: t.key }, role: roleOfTag(b, t) })),
      ...(b.simulated ? {} : { simulated: false }),
    };
  });

  const bottom = Math.max(
    2,
    ...Object.values(conveyors).map((c) => c.y),
    ...hints.map((h) => h.y + h.height),
  );
  const notes: string[] = [];
  if (boxes.length > drawnBoxes.length)
    notes.push(
      `${boxes.length - drawnBoxes.length} more parts than the Plant view draws (${MAX_LAYOUT_PARTS}) are not drawn`,
    );
  if (scenery.size > 0) {
    const list = [...scenery].map(([prefab, n]) => `${n} ${prefabWords(prefab)}`).join(', ');
    notes.push(`not drawn, as scenery without tags: ${list}`);
  }
  return {
    layout: {
      conveyors,
      parts: hints,
      ...(panelTags.length > 0
        ? { panel: { x: MARGIN, y: round(clamp(bottom + MARGIN)), tags: panelTags.slice(0, MAX_PART_TAGS) } }
        : {}),
    },
    notes,
  };
}

/** A tank's tags by what they do; any other tag is a lamp (Input) or a switch (Output). */
function roleOfTag(box: Box, tag: FioTag): TagRole {
  if (box.kind === 'tank' && TANK_ROLES[tag.group]) return TANK_ROLES[tag.group]!;
  return tag.kind === 'Input' ? 'lamp' : 'switch';
}

function clamp(metres: number): number {
  return Math.max(-MAX_LAYOUT_METRES, Math.min(MAX_LAYOUT_METRES, round(metres)));
}

function round(metres: number): number {
  return Math.round(metres * 1000) / 1000;
}
