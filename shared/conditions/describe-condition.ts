import type { TagValue } from '../core/tag-types.js';
import type { BoundCondition, BoundTag } from './condition-types.js';
import type { ReadTag } from './watch-condition.js';

/** The condition in words: `Counter >= 10`, `all of (Loaded = true, Counter > 3 for 2 s)`. */
export function describeCondition(c: BoundCondition): string {
  switch (c.type) {
    case 'always':
      return 'always';
    case 'edge':
      return `${c.rising ? 'rising' : 'falling'} edge of ${c.tag.label}`;
    case 'compare': {
      const parts: string[] = [];
      if (c.equals !== undefined) parts.push(`= ${formatValue(c.equals)}`);
      if (c.notEquals !== undefined) parts.push(`!= ${formatValue(c.notEquals)}`);
      if (c.gt !== undefined) parts.push(`> ${formatValue(c.gt)}`);
      if (c.ge !== undefined) parts.push(`>= ${formatValue(c.ge)}`);
      if (c.lt !== undefined) parts.push(`< ${formatValue(c.lt)}`);
      if (c.le !== undefined) parts.push(`<= ${formatValue(c.le)}`);
      return withFor(`${c.tag.label} ${parts.join(' and ')}`, c.forMs);
    }
    case 'all':
    case 'any':
      return withFor(`${c.type} of (${c.parts.map(describeCondition).join(', ')})`, c.forMs);
    case 'not':
      return withFor(`not (${describeCondition(c.inner)})`, c.forMs);
  }
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

/** What the condition's tags show now: `Counter = 7, Loaded = false`. */
export function describeActual(c: BoundCondition, read: ReadTag): string {
  const tags = conditionTags(c);
  if (tags.length === 0) return '(no tags)';
  return tags
    .map((tag) => {
      const value = read(tag.def.id);
      return `${tag.label} = ${value === undefined ? '(no such tag now)' : formatValue(value)}`;
    })
    .join(', ');
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
