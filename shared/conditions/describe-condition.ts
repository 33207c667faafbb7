import type { TagValue } from '../core/tag-types.js';
import type { BoundCondition, BoundTag } from './scenario-types.js';

/** Reads a tag's effective value by id (`undefined`: the tag is gone). */
export type ReadTag = (id: string) => TagValue | undefined;

/**
 * A condition being watched: `update(t)` evaluates it at scenario time `t` and says whether it
 * holds. Edges and `forMs` keep state between calls, so one watch belongs to one waitFor or
 * expect, from the moment it starts: an edge is a change seen between two updates, and `forMs`
 * counts from the first update at which the condition held.
 */
export interface ConditionWatch {
  update(t: number): boolean;
}

/** Starts watching a condition; the first update records the edges' starting values. */
export function watchCondition(condition: BoundCondition, read: ReadTag): ConditionWatch {
  const node = build(condition, read);
  return { update: (t) => node(t) };
}

/** Evaluates a condition once, at one moment (an expect: no edges, no forMs). */
export function conditionHolds(condition: BoundCondition, read: ReadTag): boolean {
  return watchCondition(condition, read).update(0);
}

type Node = (t: number) => boolean;

function build(c: BoundCondition, read: ReadTag): Node {
  switch (c.type) {
    case 'always':
      return () => true;
    case 'edge': {
      let last: boolean | undefined;
      return () => {
        const now = read(c.tag.def.id) === true;
        const edge = last !== undefined && now !== last && now === c.rising;
        last = now;
        return edge;
      };
    }
    case 'compare':
      return sustained(() => compare(c, read(c.tag.def.id)), c.forMs);
    case 'all':
    case 'any': {
      const parts = c.parts.map((p) => build(p, read));
      // Every part is updated at every call (no short cut), so that edges and timers inside see
      // every moment.
      return sustained((t) => {
        const values = parts.map((p) => p(t));
        return c.type === 'all' ? values.every(Boolean) : values.some(Boolean);
      }, c.forMs);
    }
    case 'not': {
      const inner = build(c.inner, read);
      return sustained((t) => !inner(t), c.forMs);
    }
  }
}

/** Holds once `inner` has held at every update for `forMs` (at once when forMs is 0). */
function sustained(inner: Node, forMs: number): Node {
  if (forMs <= 0) return inner;
  let since: number | undefined;
  return (t) => {
    if (!inner(t)) {
      since = undefined;
      return false;
    }
    since ??= t;
    return t - since >= forMs - 1e-6;
  };
}

function compare(c: Extract<BoundCondition, { type: 'compare' }>, value: TagValue | undefined): boolean {
  if (value === undefined) return false;
  const n = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  if (c.equals !== undefined && value !== c.equals) return false;
  if (c.notEquals !== undefined && value === c.notEquals) return false;
  if (c.gt !== undefined && !(n > c.gt)) return false;
  if (c.ge !== undefined && !(n >= c.ge)) return false;
  if (c.lt !== undefined && !(n < c.lt)) return false;
  if (c.le !== undefined && !(n <= c.le)) return false;
  return true;
}

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
