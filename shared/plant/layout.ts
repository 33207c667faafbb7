import { type Conveyor, isConveyor } from '../sim/behaviour-types.js';
import type { SceneWithBehaviours } from '../sim/scene-behaviours.js';
import { autoPlace, BELT_WIDTH } from './auto-place.js';
import { control, ioGroups, isPanelTag, numberedInOrder, panelControl, restingOn } from './panel-controls.js';
import type {
  ConveyorPlacement,
  LaidConveyor,
  LaidPanel,
  LaidPart,
  LaidSensor,
  PanelControl,
  PlacementHints,
  PlacedTag,
  PlantLayout,
} from './plant-types.js';
import { TagClaims } from './tag-claims.js';

/** Room around the drawing and between its blocks (metres). */
const MARGIN = 0.6;
/** A panel control's cell (metres), for the panel's size. */
const CELL = { width: 1.2, height: 1.1 };
const PANEL_COLUMNS = 6;

/**
 * The drawing of a scene's plant, derived from the scene's behaviours: each conveyor of the model as a belt at its hinted
 * place (or where autoPlace puts it), its sensors at their places along it, the Outputs that drive
 * it and those that open its exits; the hinted machines (tanks, axes...); the control panel; and
 * every other tag as a lamp or switch. Each sensor and actuator tag of the scene is placed exactly
 * once; the system tags are left to the simulation controls. `hints` default to the scene's own
 * `layout` field. A scene that borrows a built-in's plant is drawn with layoutScene
 * (shared/scenes/scene-plant.ts), which gives this the plant it borrows.
 */
export function layoutPlant(
  scene: SceneWithBehaviours & { readonly layout?: PlacementHints },
  hints?: PlacementHints,
): PlantLayout {
  const behaviours = scene.behaviours ?? [];
  const given = hints ?? scene.layout ?? {};
  const claims = new TagClaims(scene.tags);
  const resting = restingOn(scene.tags, behaviours, claims);

  // Hinted machines first: a hint that names a tag is the most specific place for it.
  const parts: LaidPart[] = rootedMounts(
    (given.parts ?? []).map((p) => ({
      part: p.part,
      label: p.label,
      x: p.x,
      y: p.y,
      width: p.width,
      height: p.height,
      axis: p.axis ?? 'x',
      simulated: p.simulated !== false,
      tags: p.tags.flatMap((t) => {
        const tag = claims.claim(claims.resolve(t.tag));
        return tag ? [{ tag, role: t.role }] : [];
      }),
      tracks: p.tracks ?? [],
      carries: p.carries ?? [],
      ...(p.on !== undefined ? { on: p.on } : {}),
    })),
  );

  const model = behaviours.filter(isConveyor);
  // Keyed by the scene's own conveyor names: a Map, so that a conveyor named `constructor` or
  // `toString` finds its hint or none, never what every object inherits.
  const hinted: ReadonlyMap<string, ConveyorPlacement> = new Map(Object.entries(given.conveyors ?? {}));
  const unhinted = model.filter((c) => !hinted.has(c.conveyor));
  const below = bottomOf(parts, model, hinted);
  const auto = autoPlace(unhinted, MARGIN, below);

  // Sensors, then drives, then exit gates, each pass over every conveyor: a tag that is both a
  // conveyor's drive and another's gate (Load on a transfer) belongs to the belt it drives.
  const sensors = model.map((c) => sensorsOf(c, claims));
  const drives = model.map((c) => claimAll(claims, claims.driveOutputs(c)));
  const exits = model.map((c) =>
    (c.exits ?? []).map((e, k) => ({ to: e.to, gates: claimAll(claims, claims.exitOutputs(c, k)) })),
  );
  const conveyors = model.map((c, i): LaidConveyor => {
    const hint = hinted.get(c.conveyor) ?? auto.get(c.conveyor)!;
    return {
      name: c.conveyor,
      x: hint.x,
      y: hint.y,
      angle: hint.angle ?? 0,
      length: c.length,
      drawnLength: hint.drawnLength ?? c.length,
      width: hint.width ?? BELT_WIDTH,
      look: hint.look ?? (c.runs === undefined && c.length <= 1.5 && !c.feeder ? 'ramp' : 'belt'),
      sensors: sensors[i]!,
      drive: drives[i]!,
      exits: exits[i]!,
      feeder: c.feeder !== undefined,
      removesAtEnd: c.end === 'remove',
    };
  });

  const box = bounds(conveyors, parts);
  const extra = (given.panel?.tags ?? []).map((ref) => claims.resolve(ref)).filter((t) => t !== undefined);
  const panelTags = numberedInOrder([
    ...extra,
    ...claims.unclaimed().filter((t) => isPanelTag(t) && !extra.includes(t)),
  ]);
  const controls = panelTags
    .map((t) => control(t, panelControl(t), resting, claims))
    .filter((c): c is PanelControl => c !== undefined);
  const panel =
    controls.length > 0 ? panelAt(given.panel ?? { x: MARGIN, y: box.bottom + MARGIN }, controls) : undefined;
  const io = ioGroups(claims.unclaimed(), resting, claims);

  return {
    scene: scene.name,
    width: Math.max(box.right + MARGIN, 4),
    height: Math.max(box.bottom + MARGIN, 2),
    conveyors,
    parts,
    ...(panel ? { panel } : {}),
    io,
  };
}

/**
 * The machines, each carried by another (`on`) only where that chain ends at a machine carried by
 * none: a circle of carriers, or one naming itself, is drawn as standing machines.
 */
function rootedMounts(parts: LaidPart[]): LaidPart[] {
  const byLabel = new Map(parts.map((p) => [p.label, p]));
  const rooted = (p: LaidPart): boolean => {
    const seen = new Set<string>();
    for (let at: LaidPart | undefined = p; at; at = at.on === undefined ? undefined : byLabel.get(at.on)) {
      if (seen.has(at.label)) return false;
      seen.add(at.label);
      if (at.on === undefined) return true;
    }
    return false;
  };
  return parts.map((p) => {
    if (p.on === undefined || rooted(p)) return p;
    const { on: _circular, ...standing } = p;
    return standing;
  });
}

function sensorsOf(c: Conveyor, claims: TagClaims): LaidSensor[] {
  return (c.sensors ?? []).flatMap((s) => {
    const tag = claims.resolve(s.tag, 'write');
    if (!tag) return [];
    const placed = claims.claim(tag);
    return [
      {
        tag: placed ?? { id: tag.id, name: tag.name, kind: tag.kind, type: tag.type, address: tag.address },
        from: s.from,
        to: s.to,
        reads: s.reads !== undefined,
        normallyClosed: s.normallyClosed === true,
        echo: placed === undefined,
      },
    ];
  });
}

function claimAll(claims: TagClaims, tags: readonly Parameters<TagClaims['claim']>[0][]): PlacedTag[] {
  return tags.map((t) => claims.claim(t)).filter((t): t is PlacedTag => t !== undefined);
}

function panelAt(at: { x: number; y: number }, controls: readonly PanelControl[]): LaidPanel {
  const columns = Math.min(PANEL_COLUMNS, controls.length);
  const rows = Math.ceil(controls.length / PANEL_COLUMNS);
  return { x: at.x, y: at.y, width: columns * CELL.width, height: rows * CELL.height, controls };
}

/** Where auto-placed conveyors start: below everything a hint placed. */
function bottomOf(
  parts: readonly LaidPart[],
  model: readonly Conveyor[],
  hinted: ReadonlyMap<string, ConveyorPlacement>,
) {
  const placedHints = model.flatMap((c) => hinted.get(c.conveyor) ?? []);
  if (placedHints.length === 0 && parts.length === 0) return MARGIN;
  const ys = [
    ...parts.map((p) => p.y + p.height),
    ...placedHints.map(
      (h) => h.y + (h.width ?? BELT_WIDTH) / 2 + Math.abs(Math.sin(((h.angle ?? 0) * Math.PI) / 180)) * 6,
    ),
  ];
  return Math.max(...ys) + MARGIN;
}

/** Room beside a belt for the names of its sensors, motor and gates (metres). */
const LABEL_ROOM = 0.45;
/** Room right of an axis for its readouts and command ("Move Z: far end"), metres. */
const AXIS_LABEL_ROOM = 1.5;

/** The bounding box of conveyors (with the room their labels take) and parts. */
export function bounds(conveyors: readonly LaidConveyor[], parts: readonly LaidPart[]) {
  let right = 0;
  let bottom = 0;
  for (const c of conveyors) {
    for (const [x, y] of corners({ ...c, width: c.width + 2 * LABEL_ROOM })) {
      right = Math.max(right, x);
      bottom = Math.max(bottom, y);
    }
  }
  for (const p of parts) {
    right = Math.max(right, p.x + p.width + (p.part === 'axis' ? AXIS_LABEL_ROOM : 0));
    bottom = Math.max(bottom, p.y + p.height);
  }
  return { right, bottom };
}

/** The four corners of a conveyor's belt. */
export function corners(
  c: Pick<LaidConveyor, 'x' | 'y' | 'angle' | 'drawnLength' | 'width'>,
): [number, number][] {
  const a = (c.angle * Math.PI) / 180;
  const ux = Math.cos(a);
  const uy = Math.sin(a);
  const half = c.width / 2;
  const pts: [number, number][] = [];
  for (const [along, across] of [
    [0, -half],
    [c.drawnLength, -half],
    [c.drawnLength, half],
    [0, half],
  ] as const) {
    pts.push([c.x + ux * along - uy * across, c.y + uy * along + ux * across]);
  }
  return pts;
}
