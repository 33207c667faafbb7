import type { Conveyor, ConveyorSensor, Feeder, Remover, TagRef } from '../../sim/behaviour-types.js';
import { VISION_CODES } from '../builtin/sorting-station.js';
import { SPEED } from '../builtin/plant-parts.js';
import type { FioPart, FioTag } from './fio-document.js';
import { add, cross, distance as distanceTo, placeOf, type Point, scale, sub } from './fio-geometry.js';
import { over, pointAlong, type Track, tracksOf } from './fio-tracks.js';
import { ITEM_LABELS, prefabWords, roleOf } from './part-catalogue.js';

// The plant a saved scene's parts make, modelled generically (docs/scenes.md, "Your own scenes"):
// each conveyor carries items at one speed while its Output is on (backwards while its Reverse
// is), hands them to the conveyor its end meets (splitting that one where the end meets its
// middle), and drops them at an end that meets nothing; emitters feed the conveyor under them,
// removers take items off it while on, sensors see the items in their beam. What this cannot
// move is told, part by part, so that the user knows which tags are left to them.

/** A stretch of a track: a conveyor of the model. */
export interface Segment {
  readonly name: string;
  readonly track: Track;
  /** Metres along the track's travel. */
  readonly from: number;
  readonly to: number;
}

export interface GenericPlant {
  readonly conveyors: readonly Conveyor[];
  readonly segments: readonly Segment[];
  /** Parts the generic plant takes no part in, and why: shown in the window and at start-up. */
  readonly unmoved: readonly { readonly part: FioPart; readonly why: string }[];
}

/** A tag by its id (the file's Key): names repeat in saved scenes, keys never. */
const ref = (tag: FioTag): TagRef => ({ id: tag.key });
const on = (tag: FioTag) => ({ tag: ref(tag), equals: true });

/** How close (metres) an end must come to a conveyor's start to hand items to it. */
const MEETS = 0.35;

export function genericPlant(parts: readonly FioPart[]): GenericPlant {
  const tracks = tracksOf(parts);
  const unmoved: { part: FioPart; why: string }[] = [];
  const cuts = new Map<Track, Set<number>>(tracks.map((t) => [t, new Set([0])]));
  const cutAt = (t: Track, at: number) => {
    const where = at < MEETS ? 0 : at > t.length - MEETS ? t.length : Math.round(at * 1000) / 1000;
    if (where < t.length) cuts.get(t)!.add(where);
    return where;
  };

  // Where each end leads: the start (or a cut) of the conveyor it meets.
  const links = new Map<Track, { to: Track; at: number }[]>();
  for (const t of tracks) {
    const found = tracks
      .filter((o) => o !== t && o.height <= t.height + 0.15)
      .flatMap((o) => {
        const at = over(o, t.end, 0.2);
        return at === undefined || at >= o.length - MEETS ? [] : [{ to: o, at: cutAt(o, at) }];
      });
    links.set(t, found);
  }

  const feeders = new Map<Track, { at: number; feeder: Feeder; part: FioPart }[]>();
  const sensors = new Map<Track, { at: number; sensor: ConveyorSensor }[]>();
  const removers = new Map<Track, Remover[]>();
  for (const part of parts) {
    const role = roleOf(part.prefab)?.role;
    if (role === 'emitter') {
      const feeder = feederOf(part);
      const under = nearest(tracks, placeOf(part).at, 0.3, part);
      if (!under) unmoved.push({ part, why: 'it stands over no conveyor' });
      else {
        // The new item's rear where the emitter's middle is less half an item, and all of it on
        // the belt; at the start of a belt that reverses (items go back no further than a cut).
        const length = feeder.itemLength ?? 0.5;
        const rear = under.track.reverse
          ? 0
          : Math.max(0, Math.min(under.at - length / 2, under.track.length - length));
        const list = feeders.get(under.track) ?? [];
        const at = cutAt(under.track, rear);
        // The model feeds a stretch from one place: a second emitter there is told, not run.
        if (list.some((f) => f.at === at))
          unmoved.push({ part, why: 'another emitter feeds the same place' });
        else feeders.set(under.track, [...list, { at, feeder, part }]);
      }
    } else if (role === 'remover') {
      const under = nearest(tracks, placeOf(part).at, 0.5, part);
      const tag = part.tags.find((t) => t.kind === 'Output');
      if (under) {
        const zone = { from: Math.max(0, under.at - 0.5), to: Math.min(under.track.length, under.at + 0.5) };
        removers.set(under.track, [
          ...(removers.get(under.track) ?? []),
          { ...zone, afterMs: 0, ...(tag ? { when: on(tag) } : {}) },
        ]);
      } else if (!tracks.some((t) => pastEnd(t, placeOf(part).at))) {
        unmoved.push({ part, why: 'it stands over no conveyor and past no conveyor end' });
      }
    } else if (role === 'sensor' || role === 'lightCurtain' || role === 'vision') {
      const seen = sensorsOf(part, tracks);
      const readable = part.tags.some((t) => t.kind === 'Input' && sensorFor(part, t));
      if (!readable) unmoved.push({ part, why: 'its mode (a number for all its beams) is not simulated' });
      else if (seen.length === 0) unmoved.push({ part, why: 'its beam crosses no conveyor' });
      for (const s of seen) sensors.set(s.track, [...(sensors.get(s.track) ?? []), s]);
    }
  }

  const segments: Segment[] = [];
  const conveyors: Conveyor[] = [];
  const firstSegment = new Map<string, string>(); // "<track name>@<cut>" -> segment name
  const plans = tracks.map((t) => {
    const points = [...cuts.get(t)!].sort((a, b) => a - b);
    return points.map((from, i) => {
      const to = points[i + 1] ?? t.length;
      const name = points.length === 1 ? t.name : `${t.name} (${i + 1})`;
      firstSegment.set(`${t.name}@${from}`, name);
      return { name, track: t, from, to };
    });
  });
  plans.forEach((plan, k) => {
    const t = tracks[k]!;
    plan.forEach((seg, i) => {
      segments.push(seg);
      const last = i === plan.length - 1;
      const exits = last
        ? links.get(t)!.map((l) => ({ to: firstSegment.get(`${l.to.name}@${l.at}`)! }))
        : [{ to: plan[i + 1]!.name }];
      const feeder = feeders.get(t)?.find((f) => f.at === seg.from)?.feeder;
      // An item longer than its stretch (another cut close after the emitter) is drawn to fit.
      const fed = feeder && {
        ...feeder,
        itemLength: Math.min(feeder.itemLength ?? 0.5, round(seg.to - seg.from)),
      };
      const inside = (a: number) => a >= seg.from && (a < seg.to || (last && a <= seg.to));
      const own = (sensors.get(t) ?? []).filter((s) => inside(s.at));
      const zones = (removers.get(t) ?? [])
        .filter((r) => r.from < seg.to && r.to > seg.from)
        .map((r) => ({
          ...r,
          from: Math.max(r.from, seg.from) - seg.from,
          to: Math.min(r.to, seg.to) - seg.from,
        }));
      conveyors.push({
        conveyor: seg.name,
        length: round(seg.to - seg.from),
        speed: SPEED,
        runs: t.runs ? on(t.runs) : { not: { always: true } },
        ...(t.reverse ? { reverse: on(t.reverse) } : {}),
        ...(fed ? { feeder: fed } : {}),
        ...(own.length > 0
          ? {
              sensors: own.map((s) => ({
                ...s.sensor,
                from: round(s.at - seg.from),
                to: round(s.at - seg.from),
              })),
            }
          : {}),
        ...(exits.length > 0 ? { exits } : {}),
        // An end that meets no conveyor drops items off the line, unless a machine stands there.
        ...(last && exits.length === 0 && !endsAtMachine(t, parts) ? { end: 'remove' as const } : {}),
        ...(zones.length > 0
          ? { removers: zones.map((z) => ({ ...z, from: round(z.from), to: round(z.to) })) }
          : {}),
      });
    });
  });
  return { conveyors, segments, unmoved };
}

function round(metres: number): number {
  return Math.round(metres * 1000) / 1000;
}

/** The track a part stands over (the one nearest its middle), and where along it. */
function nearest(
  tracks: readonly Track[],
  p: Point,
  slack: number,
  part: FioPart,
): { track: Track; at: number } | undefined {
  const height = part.position.y * 0.125;
  const found = tracks
    .filter((t) => t.height <= height + 0.15)
    .flatMap((t) => {
      const at = over(t, p, slack);
      return at === undefined ? [] : [{ track: t, at, off: Math.abs(cross(t.direction, sub(p, t.start))) }];
    })
    .sort((a, b) => a.off - b.off);
  return found[0];
}

/** Whether a point lies just past a track's end, where items falling off it land. */
function pastEnd(t: Track, p: Point): boolean {
  const beyond = sub(p, t.end);
  const ahead = beyond.x * t.direction.x + beyond.y * t.direction.y;
  return ahead >= -0.5 && ahead <= 2.5 && Math.abs(cross(t.direction, beyond)) <= 1;
}

/** Whether a machine the plant does not move stands where a track ends: items wait for it there. */
function endsAtMachine(t: Track, parts: readonly FioPart[]): boolean {
  const end = add(t.end, scale(t.direction, 0.3));
  return parts.some((p) => {
    const role = roleOf(p.prefab);
    if (role?.role !== 'machine') return false;
    const placed = placeOf(p);
    const d = sub(end, placed.at);
    return (
      Math.abs(d.x * placed.forward.x + d.y * placed.forward.y) <= role.depth / 2 + 0.1 &&
      Math.abs(cross(placed.forward, d)) <= role.width / 2 + 0.1
    );
  });
}

/** What an emitter puts on its conveyor: its parts (on its bases), while its Output is on. */
function feederOf(part: FioPart): Feeder {
  const settings = part.emitter;
  const kinds = (names: readonly string[]) => names.flatMap((n) => (ITEM_LABELS[n] ? [ITEM_LABELS[n]] : []));
  const bases = kinds(settings?.bases ?? []);
  const items = kinds(settings?.parts ?? []);
  const chosen = items.length > 0 ? items : bases.length > 0 ? bases : [{ label: 'box', length: 0.5 }];
  const itemLength = Math.max(...chosen.map((c) => c.length), ...bases.map((b) => b.length));
  const labels = [...new Set(chosen.map((c) => c.label))];
  const gate = part.tags.find((t) => t.kind === 'Output' && t.type === 'Bit');
  const least = (settings?.minTimeToEmit ?? 1) * 1000;
  const most = (settings?.maxTimeToEmit ?? 1) * 1000;
  return {
    items: labels,
    ...(labels.length > 1 ? { order: 'random' as const } : {}),
    itemLength,
    gap: 0.2,
    intervalMs: least,
    ...(most > least ? { maxIntervalMs: most } : {}),
    ...(settings && settings.upTo > 0 ? { total: settings.upTo } : {}),
    ...(gate ? { when: on(gate) } : {}),
  };
}

/** Where a sensor's beam (or, for one lying on a belt, its body) meets each track, with its tags. */
function sensorsOf(
  part: FioPart,
  tracks: readonly Track[],
): { track: Track; at: number; sensor: ConveyorSensor }[] {
  const role = roleOf(part.prefab)!;
  const placed = placeOf(part);
  const range = part.sensorRange ?? (role.role === 'lightCurtain' ? 3 : 1);
  const beam = (t: Track): number | undefined => {
    // p + right·s meets start + direction·u: the beam crosses the track's middle line.
    const denominator = cross(placed.right, t.direction);
    if (Math.abs(denominator) > 0.2) {
      const d = sub(t.start, placed.at);
      const s = cross(d, t.direction) / denominator;
      const u = cross(d, placed.right) / denominator;
      if (s >= -0.2 && s <= range + 0.2 && u >= -0.05 && u <= t.chord + 0.05)
        return Math.min(t.length, Math.max(0, (u * t.length) / t.chord));
    }
    return over(t, placed.at, 0.1); // a sensor on or over the belt itself
  };
  const crossings = tracks
    .filter((t) => t.height <= part.position.y * 0.125 + 0.15)
    .flatMap((track) => {
      const at = beam(track);
      return at === undefined ? [] : [{ track, at, off: distanceTo(placed.at, pointAlong(track, at)) }];
    })
    .sort((a, b) => a.off - b.off);
  const out: { track: Track; at: number; sensor: ConveyorSensor }[] = [];
  for (const tag of part.tags.filter((t) => t.kind === 'Input')) {
    const sensor = sensorFor(part, tag);
    if (!sensor) continue;
    // A reading sensor drives its tag alone: the conveyor nearest to it.
    for (const c of sensor.reads ? crossings.slice(0, 1) : crossings)
      out.push({ track: c.track, at: c.at, sensor });
  }
  return out;
}

function sensorFor(part: FioPart, tag: FioTag): ConveyorSensor | undefined {
  const role = roleOf(part.prefab)!;
  const base = { tag: ref(tag), from: 0, to: 0 };
  if (role.role === 'vision') {
    if (tag.type === 'Int') return { ...base, reads: VISION_CODES };
    const colour = /Detects(Blue|Green|Metal)RawMaterial/.exec(part.mode ?? '')?.[1];
    return tag.type === 'Bit'
      ? { ...base, ...(colour ? { detects: [`${colour.toLowerCase()} raw material`] } : {}) }
      : undefined;
  }
  if (tag.type !== 'Bit') return undefined; // a light curtain's numerical mode: left to the user
  if (role.role === 'sensor')
    return {
      ...base,
      ...(role.normallyClosed ? { normallyClosed: true } : {}),
      ...(role.detects ? { detects: role.detects } : {}),
    };
  return base;
}

/** A part's name for the lists of what is not simulated: "Emitter 2 (Emitter 2 (Emit))". */
export function partName(part: FioPart): string {
  const tags = part.tags.map((t) => t.name).filter((n) => n !== '-');
  return tags.length > 0
    ? `${prefabWords(part.prefab)} (${tags.slice(0, 3).join(', ')}${tags.length > 3 ? ', …' : ''})`
    : prefabWords(part.prefab);
}
