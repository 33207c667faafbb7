import type { TagValue } from '../core/tag-types.js';
import type { BoundCondition, BoundTag } from './condition-types.js';
import type { PlantReader, ReadTag } from './watch-condition.js';

/** The condition in words: `Counter >= 10`, `all of (Loaded = true, Counter > 3 for 2 s)`. */
export function describeCondition(c: BoundCondition): string {
  switch (c.type) {
    case 'always':
      return 'always';
    case 'edge':
      return `${c.rising ? 'rising' : 'falling'} edge of ${c.tag.label}`;
    case 'compare':
      return withFor(`${c.tag.label} ${comparisons(c)}`, c.forMs);
    case 'items':
      return withFor(`${c.text} ${comparisons(c)}`, c.forMs);
    case 'conveyor':
      return withFor(`'${c.name}' ${c.running ? 'running' : 'stopped'}`, c.forMs);
    case 'all':
    case 'any':
      return withFor(`${c.type} of (${c.parts.map(describeCondition).join(', ')})`, c.forMs);
    case 'not':
      return withFor(`not (${describeCondition(c.inner)})`, c.forMs);
  }
}

function comparisons(c: Extract<BoundCondition, { type: 'compare' | 'items' }>): string {
  const parts: string[] = [];
  if (c.equals !== undefined) parts.push(`= ${formatValue(c.equals)}`);
  if (c.notEquals !== undefined) parts.push(`!= ${formatValue(c.notEquals)}`);
  if (c.gt !== undefined) parts.push(`> ${formatValue(c.gt)}`);
  if (c.ge !== undefined) parts.push(`>= ${formatValue(c.ge)}`);
  if (c.lt !== undefined) parts.push(`< ${formatValue(c.lt)}`);
  if (c.le !== undefined) parts.push(`<= ${formatValue(c.le)}`);
  return parts.join(' and ');
}

function withFor(text: string, forMs: number): string {
  return forMs > 0 ? `${text} for ${formatDuration(forMs)}` : text;
}

/** The tags a condition reads, each once, in the order they appear. */
export function conditionTags(c: BoundCondition): BoundTag[] {
  const out: BoundTag[] = [];
  const seen = new Set<string>();
  const visit = (x: BoundCondition) => {
    if (x.type === 'compare' || x.type === 'edge') {
      if (!seen.has(x.tag.def.id)) {
        seen.add(x.tag.def.id);
        out.push(x.tag);
      }
    } else if (x.type === 'all' || x.type === 'any') x.parts.forEach(visit);
    else if (x.type === 'not') visit(x.inner);
  };
  visit(c);
  return out;
}

/** The plant's counts and belts a condition reads, each once, in the order they appear. */
export function conditionPlantParts(
  c: BoundCondition,
): Extract<BoundCondition, { type: 'items' | 'conveyor' }>[] {
  const out: Extract<BoundCondition, { type: 'items' | 'conveyor' }>[] = [];
  const seen = new Set<string>();
  const visit = (x: BoundCondition) => {
    if (x.type === 'items' || x.type === 'conveyor') {
      const key = x.type === 'items' ? x.text : `'${x.name}'`;
      if (!seen.has(key)) out.push(x);
      seen.add(key);
    } else if (x.type === 'all' || x.type === 'any') x.parts.forEach(visit);
    else if (x.type === 'not') visit(x.inner);
  };
  visit(c);
  return out;
}

/**
 * What the condition's tags (and, given `plant`, the plant's counts and belts) show now:
 * `Counter = 7, Loaded = false`, `low items out at 'left' = 3, 'entry' running`.
 */
export function describeActual(c: BoundCondition, read: ReadTag, plant?: PlantReader): string {
  const shown = conditionTags(c).map((tag) => {
    const value = read(tag.def.id);
    return `${tag.label} = ${value === undefined ? '(no such tag now)' : formatValue(value)}`;
  });
  if (plant)
    for (const part of conditionPlantParts(c))
      shown.push(
        part.type === 'items'
          ? `${part.text} = ${plant.items(part.conveyor, part.count, part.label)()}`
          : `'${part.name}' ${plant.running(part.conveyor)() ? 'running' : 'stopped'}`,
      );
  return shown.length > 0 ? shown.join(', ') : '(no tags)';
}

/** A value as messages show it: `true`, `7`, `3.25`. */
export function formatValue(value: TagValue): string {
  // Floats are kept as the shortest decimal of their float32 (shared/core/float32.ts): 3.1, not
  // 3.0999999046325684.
  return String(value);
}

/** A duration as messages show it: `250 ms`, `1.5 s`, `60 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Number(ms.toFixed(1))} ms`;
  return `${Number((ms / 1000).toFixed(3))} s`;
}
