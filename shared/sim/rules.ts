import type { TagValue } from '../core/tag-types.js';
import type { Action, Rule } from './behaviour-types.js';
import type { ConditionNode, ConditionSet } from './conditions.js';
import { asNumber, type TagMirror } from './tag-mirror.js';

/** An action bound to its tag's slot. */
type BoundAction =
  | { readonly kind: 'set'; readonly slot: number; readonly value: TagValue }
  | { readonly kind: 'pulse'; readonly slot: number; readonly value: TagValue; readonly forMs: number }
  | { readonly kind: 'toggle'; readonly slot: number }
  | { readonly kind: 'increment'; readonly slot: number; readonly by: number };

interface CompiledRule {
  readonly when: ConditionNode;
  readonly then: readonly BoundAction[];
  readonly delayMs: number;
  /** Whether the condition held at the previous step: a rule fires when it turns true. */
  held: boolean;
}

/** Actions waiting for their time (a rule's delayMs). */
interface Scheduled {
  readonly due: number;
  /** Keeps actions that fall due at the same time in the order they were scheduled. */
  readonly seq: number;
  readonly actions: readonly BoundAction[];
}

/** A pulse in progress: the tag returns to `restore` at `endsAt`. */
interface Pulse {
  readonly restore: TagValue;
  endsAt: number;
}

/**
 * The rules of a plant: fires each rule on the step where its condition turns true, runs its
 * actions then or `delayMs` later, and ends pulses. Actions change the plant's own (raw) value of
 * an Input: a force on it hides the plant's value from the controller without changing it, so a
 * toggle or an increment continues from what the plant had.
 */
export class RuleSet {
  private readonly rules: CompiledRule[] = [];
  private scheduled: Scheduled[] = [];
  private readonly pulses = new Map<number, Pulse>();
  private seq = 0;

  constructor(private readonly mirror: TagMirror) {}

  add(rule: Rule, conditions: ConditionSet): void {
    this.rules.push({
      when: conditions.condition(rule.when),
      then: rule.then.map((a) => bind(a, conditions)),
      delayMs: rule.delayMs ?? 0,
      held: false,
    });
  }

  /** One step at plant time `t`, after the conditions were updated. */
  step(t: number): void {
    for (const [slot, pulse] of [...this.pulses]) {
      if (pulse.endsAt > t + 1e-6) continue;
      this.pulses.delete(slot);
      this.mirror.write(slot, pulse.restore);
    }
    const due = this.scheduled.filter((s) => s.due <= t + 1e-6);
    if (due.length > 0) {
      this.scheduled = this.scheduled.filter((s) => s.due > t + 1e-6);
      due.sort((x, y) => x.due - y.due || x.seq - y.seq);
      for (const s of due) this.run(s.actions, t);
    }
    for (const rule of this.rules) {
      const fires = rule.when.holds && !rule.held;
      rule.held = rule.when.holds;
      if (!fires) continue;
      if (rule.delayMs > 0)
        this.scheduled.push({ due: t + rule.delayMs, seq: this.seq++, actions: rule.then });
      else this.run(rule.then, t);
    }
  }

  private run(actions: readonly BoundAction[], t: number): void {
    for (const action of actions) {
      const { slot } = action;
      switch (action.kind) {
        case 'set':
          // A set wins over a pulse in progress: the tag keeps the new value.
          this.pulses.delete(slot);
          this.mirror.write(slot, action.value);
          break;
        case 'pulse': {
          const running = this.pulses.get(slot);
          if (running) running.endsAt = Math.max(running.endsAt, t + action.forMs);
          else this.pulses.set(slot, { restore: this.mirror.raw(slot), endsAt: t + action.forMs });
          this.mirror.write(slot, action.value);
          break;
        }
        case 'toggle':
          this.pulses.delete(slot);
          this.mirror.write(slot, this.mirror.raw(slot) !== true);
          break;
        case 'increment':
          this.pulses.delete(slot);
          this.mirror.write(slot, asNumber(this.mirror.raw(slot)) + action.by);
          break;
      }
    }
  }
}

function bind(action: Action, conditions: ConditionSet): BoundAction {
  if ('set' in action)
    return { kind: 'set', slot: conditions.slotOf(action.set, 'write'), value: action.value };
  if ('pulse' in action) {
    const slot = conditions.slotOf(action.pulse, 'write');
    return { kind: 'pulse', slot, value: action.value ?? true, forMs: action.forMs };
  }
  if ('toggle' in action) return { kind: 'toggle', slot: conditions.slotOf(action.toggle, 'write') };
  return { kind: 'increment', slot: conditions.slotOf(action.increment, 'write'), by: action.by ?? 1 };
}
