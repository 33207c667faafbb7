import { bindCondition } from '../conditions/check-condition.js';
import { compileCondition, type ConditionWatch } from '../conditions/watch-condition.js';
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
 * Compiles the conditions and expressions of one scene's behaviours (the language of
 * shared/conditions/) against the simulation's working copy of the tags. `update` evaluates
 * every condition once per step, whether or not anyone reads it then: an edge or a `forMs` timer
 * must see every step to be right.
 */
export class ConditionSet {
  private readonly watches: { watch: ConditionWatch; node: { holds: boolean } }[] = [];

  constructor(
    private readonly index: TagIndex,
    private readonly mirror: TagMirror,
  ) {}

  /** Evaluates every condition for the step that ends at plant time `t`. */
  update(t: number): void {
    for (const { watch, node } of this.watches) node.holds = watch.update(t);
  }

  /** Resolves a reference the validator has accepted (anything else is a programming error). */
  slotOf(ref: TagRef, use: 'read' | 'write'): number {
    const found = resolveTagRef(ref, this.index, use);
    if (!found.ok) throw new Error(`Unchecked behaviour: ${found.message}`);
    return this.mirror.slot(found.tag);
  }

  condition(c: Condition): ConditionNode {
    const { bound, problems } = bindCondition(c, this.index);
    if (!bound) throw new Error(`Unchecked behaviour: ${problems[0]?.message ?? 'condition'}`);
    const watch = compileCondition(bound, (def) => {
      const slot = this.mirror.slot(def);
      return () => this.mirror.value(slot);
    });
    const node = { holds: false };
    this.watches.push({ watch, node });
    return node;
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
}
