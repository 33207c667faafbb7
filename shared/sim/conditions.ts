import { convertTo } from '../core/convert.js';
import type { TagValue } from '../core/tag-types.js';
import type { Condition, Expression, TagRef } from './behaviour-types.js';
import { asNumber, type TagMirror } from './tag-mirror.js';
import { resolveTagRef, type TagIndex } from './tag-refs.js';

/** A condition as it runs: `holds` is its value at the current step. */
export interface ConditionNode {
  readonly holds: boolean;
}

/** A number computed each step from the values seen at the start of the step. */
export type NumberSource = () => number;

/**
 * Compiles conditions and expressions against one scene. Every node is registered in the order its
 * children come first, and `update` evaluates all of them once per step, whether or not anyone
 * reads them then: an edge or a `forMs` timer must see every step to be right.
 */
export class ConditionSet {
  private readonly nodes: Updatable[] = [];

  constructor(
    private readonly index: TagIndex,
    private readonly mirror: TagMirror,
  ) {}

  /** Evaluates every condition for the step that ends at plant time `t`. */
  update(t: number): void {
    for (const node of this.nodes) node.update(t);
  }

  /** Resolves a reference the validator has accepted (anything else is a programming error). */
  slotOf(ref: TagRef, use: 'read' | 'write'): number {
    const found = resolveTagRef(ref, this.index, use);
    if (!found.ok) throw new Error(`Unchecked behaviour: ${found.message}`);
    return this.mirror.slot(found.tag);
  }

  condition(c: Condition): ConditionNode {
    const inner = this.bare(c);
    const forMs = 'forMs' in c ? (c.forMs ?? 0) : 0;
    return forMs > 0 ? this.add(new Sustained(inner, forMs)) : inner;
  }

  expression(e: Expression): NumberSource {
    if (typeof e === 'number') return () => e;
    if ('tag' in e) {
      const slot = this.slotOf(e.tag, 'read');
      const scale = e.scale ?? 1;
      const offset = e.offset ?? 0;
      return () => asNumber(this.mirror.value(slot)) * scale + offset;
    }
    if ('sum' in e) {
      const terms = e.sum.map((x) => this.expression(x));
      return () => terms.reduce((total, term) => total + term(), 0);
    }
    const when = this.condition(e.if);
    const then = this.expression(e.then);
    const otherwise = this.expression(e.else ?? 0);
    return () => (when.holds ? then() : otherwise());
  }

  private bare(c: Condition): ConditionNode {
    if ('always' in c) return { holds: true };
    if ('rising' in c) return this.add(new Edge(this.mirror, this.slotOf(c.rising, 'read'), true));
    if ('falling' in c) return this.add(new Edge(this.mirror, this.slotOf(c.falling, 'read'), false));
    if ('all' in c) {
      const parts = c.all.map((x) => this.condition(x));
      return this.add(new Combined(parts, true));
    }
    if ('any' in c) {
      const parts = c.any.map((x) => this.condition(x));
      return this.add(new Combined(parts, false));
    }
    if ('not' in c) {
      const inner = this.condition(c.not);
      return this.add(new Computed(() => !inner.holds));
    }
    const slot = this.slotOf(c.tag, 'read');
    const type = this.mirror.def(slot).type;
    const tests: ((v: TagValue) => boolean)[] = [];
    // Compare in the tag's own type, as the API would store the value (3.1 is a float32 for Float).
    if (c.equals !== undefined) {
      const want = convertTo(type, c.equals);
      tests.push((v) => v === want);
    }
    if (c.notEquals !== undefined) {
      const avoid = convertTo(type, c.notEquals);
      tests.push((v) => v !== avoid);
    }
    const { gt, ge, lt, le } = c;
    if (gt !== undefined) tests.push((v) => asNumber(v) > gt);
    if (ge !== undefined) tests.push((v) => asNumber(v) >= ge);
    if (lt !== undefined) tests.push((v) => asNumber(v) < lt);
    if (le !== undefined) tests.push((v) => asNumber(v) <= le);
    return this.add(
      new Computed(() => {
        const v = this.mirror.value(slot);
        return tests.every((test) => test(v));
      }),
    );
  }

  private add<T extends Updatable>(node: T): T {
    this.nodes.push(node);
    return node;
  }
}

interface Updatable extends ConditionNode {
  update(t: number): void;
}

class Computed implements Updatable {
  holds = false;
  constructor(private readonly compute: () => boolean) {}
  update(): void {
    this.holds = this.compute();
  }
}

class Combined implements Updatable {
  holds = false;
  constructor(
    private readonly parts: readonly ConditionNode[],
    private readonly every: boolean,
  ) {}
  update(): void {
    this.holds = this.every ? this.parts.every((p) => p.holds) : this.parts.some((p) => p.holds);
  }
}

/** True at the step where a Bit changes the given way; the first step only records the value. */
class Edge implements Updatable {
  holds = false;
  private last: boolean | undefined;
  constructor(
    private readonly mirror: TagMirror,
    private readonly slot: number,
    private readonly rising: boolean,
  ) {}
  update(): void {
    const now = this.mirror.value(this.slot) === true;
    this.holds = this.last !== undefined && now !== this.last && now === this.rising;
    this.last = now;
  }
}

/** Holds once the inner condition has held without a break for `forMs`. */
class Sustained implements Updatable {
  holds = false;
  private since: number | undefined;
  constructor(
    private readonly inner: ConditionNode,
    private readonly forMs: number,
  ) {}
  update(t: number): void {
    if (!this.inner.holds) this.since = undefined;
    else this.since ??= t;
    // A hair of tolerance so that 0.1 + 0.2 style sums of step times do not cost a whole step.
    this.holds = this.since !== undefined && t - this.since >= this.forMs - 1e-6;
  }
}
