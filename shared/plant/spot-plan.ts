import { badgeCandidates, driveSpots, gateSpots, sensorSpots } from './belt-spots.js';
import { type Box, box, boxPoly, beltMarks, type Poly, polysOverlap } from './drawn-marks.js';
import { DRAWING_MEASURES, type LabelMeasures } from './label-measures.js';
import { type BlockItem, partPlan } from './part-spots.js';
import type { PlantLayout } from './plant-types.js';
import { MarkSet } from './mark-set.js';
import type { PlacedSpot, StaticMark } from './spot-types.js';

// The one spot planner of the Plant view (docs/ui.md, "Plant view"): every tag drawn on the
// machine gets a place of its own, which no other tag's mark, fault badge or machine shares. Beams
// of one place are fanned out, motors and gates take the first free slot beside their belt, a
// machine's block of texts the first free corner round it, and each mark's F and ! badges the
// first free place round it. The label placer (labels.ts) then keeps names off all of them, and
// test/plant/marks.test.ts checks every built-in scene with these same boxes.

/** A machine's block where the planner put it: its texts on the page. */
export interface PlacedBlock {
  readonly part: string;
  readonly x: number;
  readonly y: number;
  readonly items: readonly BlockItem[];
}

export interface SpotPlan {
  readonly spots: readonly PlacedSpot[];
  readonly byKey: ReadonlyMap<string, PlacedSpot>;
  /** Marks that stand for no tag (belts, feeders, sinks, machines, titles). */
  readonly statics: readonly StaticMark[];
  readonly blocks: ReadonlyMap<string, PlacedBlock>;
  /** The machine that carries a belt ("belt platform" -> "part Left elevator"): its marks may lie on it. */
  readonly carriers: ReadonlyMap<string, string>;
}

/** Every mark that two tags' marks must not share: bodies and badges, with what they are. */
export function spotMarks(plan: SpotPlan): StaticMark[] {
  return [
    ...plan.spots.map((s) => ({ what: s.key, poly: s.body })),
    ...plan.spots.map((s) => ({ what: `badge ${s.key}`, poly: boxPoly(s.badge) })),
  ];
}

/** The plan before the badges: every tag's body, the marks, the blocks. */
export type SpotBodies = Omit<SpotPlan, 'spots' | 'byKey'> & {
  readonly spots: readonly Omit<PlacedSpot, 'badge'>[];
  readonly byKey: ReadonlyMap<string, Omit<PlacedSpot, 'badge'>>;
};

/**
 * Places every tag's mark, then (`names`: the label placer's, which names keep clear of the
 * bodies) the names, then each mark's badges clear of all of them: a name, always shown, gets
 * the place near its mark before a badge, shown only on a fault.
 */
export function planSpots(
  layout: PlantLayout,
  m: LabelMeasures = DRAWING_MEASURES,
  names: (bodies: SpotBodies) => readonly Poly[] = () => [],
): SpotPlan {
  // A conveyor a machine carries or rides may lie on that machine (a lift's platform before its
  // mast, the position sensors of its shaft across its platform), as may their marks.
  const carrier = new Map(
    layout.parts.flatMap((p) =>
      [...p.carries, ...p.tracks].map((c) => [`belt ${c}`, `part ${p.label}`] as const),
    ),
  );
  const statics = new MarkSet<StaticMark>(layout.conveyors.flatMap(beltMarks));
  const bodies = new MarkSet<{ poly: Poly; spot: Omit<PlacedSpot, 'badge'> }>();
  const spots: Omit<PlacedSpot, 'badge'>[] = [];
  const add = (s: Omit<PlacedSpot, 'badge'>) => {
    spots.push(s);
    bodies.add({ poly: s.body, spot: s });
  };
  const plans = layout.parts.map((p) => partPlan(p, layout.parts, m));
  for (const plan of plans) {
    plan.statics.forEach((st) => statics.add(st));
    plan.spots.forEach(add);
  }
  const clashes = (poly: Poly, owner: string) =>
    statics.count(poly, (st) => sameMachine(carrier, st.what, owner)) + bodies.count(poly);
  for (const c of layout.conveyors) sensorSpots(c, clashes, add, m).forEach((st) => statics.add(st));

  const blocks = new Map<string, PlacedBlock>();
  for (const plan of plans) {
    const b = plan.block;
    if (!b) continue;
    const owner = `part ${b.part}`;
    let best = b.corners[0]!;
    let fewest = Infinity;
    for (const corner of b.corners) {
      const n = clashes(boxPoly(box(corner.x, corner.y, b.width, b.height)), owner);
      if (n < fewest) [best, fewest] = [corner, n];
      if (n === 0) break;
    }
    blocks.set(b.part, { part: b.part, x: best.x, y: best.y, items: b.items });
    for (const item of b.items) {
      const at = box(best.x + item.box.x, best.y + item.box.y, item.box.width, item.box.height);
      // A title is its machine's, but no badge of the machine's own tags may sit on it.
      if (item.kind === 'title' || !item.tag) statics.add({ what: `title ${b.part}`, poly: boxPoly(at) });
      else
        add({
          key: item.key,
          tag: item.tag,
          kind: item.kind === 'motor' ? 'motor' : item.kind,
          owner,
          body: boxPoly(at),
        });
    }
  }

  for (const c of layout.conveyors) driveSpots(c, clashes, add);
  const byName = new Map(layout.conveyors.map((c) => [c.name, c]));
  for (const c of layout.conveyors) gateSpots(c, clashes, add, byName);

  const named = new MarkSet(
    names({
      spots,
      byKey: new Map(spots.map((s) => [s.key, s])),
      statics: statics.items,
      blocks,
      carriers: carrier,
    }).map((poly) => ({ poly })),
  );

  // Badges last, each clear of every body, machine and name, and every badge placed before it.
  const badges = new MarkSet<{ poly: Poly }>();
  const placed: PlacedSpot[] = spots.map((s) => {
    let best: Box | undefined;
    let fewest = Infinity;
    for (const b of badgeCandidates(s.body)) {
      const poly = boxPoly(b);
      const n = clashes(poly, badgeOwner(s.owner)) + badges.count(poly) + named.count(poly);
      if (n < fewest) [best, fewest] = [b, n];
      if (n === 0) break;
    }
    badges.add({ poly: boxPoly(best!) });
    return { ...s, badge: best! };
  });
  return {
    spots: placed,
    byKey: new Map(placed.map((s) => [s.key, s])),
    statics: statics.items,
    blocks,
    carriers: carrier,
  };
}

/** Whether a mark (`what`) belongs with a tag's owner: the same belt or machine, or one machine's carried and ridden belts. */
function sameMachine(carriers: ReadonlyMap<string, string>, what: string, owner: string): boolean {
  if (what === owner) return true;
  const machine = carriers.get(owner);
  return machine !== undefined && (machine === what || carriers.get(what) === machine);
}

/** A badge may sit on its machine (a chip's, in a station's box), never on a belt, its own either. */
const badgeOwner = (owner: string) => (owner.startsWith('part ') ? owner : '');

/** Every pair of tags' marks that overlap: "a / b". Empty when every tag has a place of its own. */
export function spotClashes(plan: SpotPlan): string[] {
  const out: string[] = [];
  const marks = spotMarks(plan);
  // A badge may not sit on its own mark either: F and ! would hide what they mark.
  marks.forEach((a, i) => {
    for (const b of marks.slice(i + 1)) if (polysOverlap(a.poly, b.poly)) out.push(`${a.what} / ${b.what}`);
  });
  const mine = (what: string, owner: string) => sameMachine(plan.carriers, what, owner);
  for (const s of plan.spots)
    for (const st of plan.statics) {
      if (mine(st.what, s.owner)) continue;
      if (polysOverlap(s.body, st.poly)) out.push(`${s.key} / ${st.what}`);
    }
  for (const s of plan.spots)
    for (const st of plan.statics)
      if (st.what !== badgeOwner(s.owner) && polysOverlap(boxPoly(s.badge), st.poly))
        out.push(`badge ${s.key} / ${st.what}`);
  return out;
}
