import type { TagDefinition } from '../../shared/core/tag-types.js';
import { ownValue } from '../../shared/problems/json-words.js';
import {
  isConveyor,
  isGenerator,
  isRule,
  isStackerCrane,
  type Action,
  type Behaviour,
  type Condition,
  type Conveyor,
  type Expression,
  type Generator,
  type Rule,
  type StackerCrane,
  type TagRef,
} from '../../shared/sim/behaviour-types.js';

// One readable line per behaviour, for the editor's list: what a person checks at a glance (which
// tags, what happens, how fast), not every field. The JSON editor shows the rest.

/** The kinds of entries of a `behaviours` array, as the editor groups them. */
export type BehaviourKind = 'rule' | 'signal' | 'conveyor' | 'crane';

export const BEHAVIOUR_KIND_LABELS: Readonly<Record<BehaviourKind, string>> = {
  rule: 'Rule',
  signal: 'Signal',
  conveyor: 'Conveyor',
  crane: 'Crane',
};

export function behaviourKind(b: Behaviour): BehaviourKind {
  if (isRule(b)) return 'rule';
  if (isGenerator(b)) return 'signal';
  if (isStackerCrane(b)) return 'crane';
  return 'conveyor';
}

/**
 * The one-line summary of a behaviour, e.g. "When Fill valve falls → pulse Discharge = false for
 * 500 ms, after 2 s" or "Sine on Level meter: 5 ± 2, 10 s period". `tags` (the scene's) turns a
 * reference by id into the tag's name.
 */
export function summarizeBehaviour(b: Behaviour, tags: readonly TagDefinition[] = []): string {
  const s = new Summarizer(tags);
  try {
    if (isRule(b)) return s.rule(b);
    if (isGenerator(b)) return s.generator(b);
    if (isConveyor(b)) return s.conveyor(b);
    if (isStackerCrane(b)) return s.crane(b);
  } catch {
    // A shape the model does not have (the list only holds validated behaviours): show the JSON.
  }
  return clip(JSON.stringify(b));
}

/** A duration for people: 500 ms, 2 s, 2.5 s, 2 min. */
export function formatDuration(ms: number): string {
  if (ms !== 0 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (Math.abs(ms) >= 1000) return `${round(ms / 1000)} s`;
  return `${round(ms)} ms`;
}

class Summarizer {
  constructor(private readonly tags: readonly TagDefinition[]) {}

  rule(r: Rule): string {
    const actions = r.then.map((a) => this.action(a)).join(', ');
    const delay = r.delayMs ? `, after ${formatDuration(r.delayMs)}` : '';
    return `When ${this.condition(r.when)} → ${actions || 'nothing'}${delay}`;
  }

  generator(g: Generator): string {
    const on = `${signalLabel(g.signal)} on ${this.tag(g.generate)}`;
    const noise = g.noise ? `, noise ± ${num(g.noise)}` : '';
    return `${on}: ${this.signal(g)}${noise}`;
  }

  conveyor(c: Conveyor): string {
    const parts = [`'${c.conveyor}': ${num(c.length)} m at ${this.speed(c.speed)}`];
    if (c.runs) parts.push(`runs while ${this.condition(c.runs)}`);
    if (c.feeder) {
      const items = c.feeder.items && c.feeder.items.length > 0 ? ` ${c.feeder.items.join('/')}` : '';
      parts.push(`feeds${items}`);
    }
    parts.push(count(c.sensors?.length ?? 0, 'sensor') + this.readings(c));
    parts.push(count(c.exits?.length ?? 0, 'exit'));
    if (c.removers && c.removers.length > 0) parts.push(count(c.removers.length, 'remover'));
    if (c.end === 'remove') parts.push('removes at the end');
    return parts.join(', ');
  }

  /** "'crane' sent by Target Position: 54 cells (9 × 6), X 1.9 m/s, Z 1.7 m/s, lift 1.7 s". */
  crane(c: StackerCrane): string {
    const lift = c.lift ? `, ${this.tag(c.lift)} lifts in ${formatDuration(c.liftMs ?? 0)}` : '';
    return (
      `'${c.stackerCrane}' sent by ${this.tag(c.target)}: ${c.columns * c.levels} cells ` +
      `(${c.columns} × ${c.levels}), X ${num(c.x.speed)} m/s, Z ${num(c.z.speed)} m/s${lift}`
    );
  }

  /** What the sensors that read a value per label read: " (Weight reads light/heavy)". */
  private readings(c: Conveyor): string {
    const readers = (c.sensors ?? []).flatMap((sensor) => {
      if (!sensor.reads) return [];
      const labels = Object.keys(sensor.reads);
      const what = labels.length <= 3 ? labels.join('/') : `${labels.length} labels`;
      return [`${this.tag(sensor.tag)} reads ${what}`];
    });
    return readers.length > 0 ? ` (${readers.join('; ')})` : '';
  }

  private signal(g: Generator): string {
    switch (g.signal) {
      case 'constant':
        return num(g.value);
      case 'sine':
      case 'square':
      case 'triangle':
      case 'sawtooth': {
        const duty = g.signal === 'square' && g.duty !== undefined && g.duty !== 0.5;
        return [
          `${num(g.offset ?? 0)} ± ${num(g.amplitude)}`,
          `${formatDuration(g.periodMs)} period`,
          ...(duty ? [`${round((g.duty ?? 0.5) * 100)}% high`] : []),
        ].join(', ');
      }
      case 'ramp':
        return `${signed(g.rate)}/s within ${range(g.min, g.max)}, ${g.atLimit === 'clamp' ? 'stops at the limit' : 'wraps'}`;
      case 'randomWalk':
        return `steps of ± ${num(g.step)} every ${formatDuration(g.intervalMs ?? 100)} within ${range(g.min, g.max)}`;
      case 'noise':
        return `${this.expression(g.around)} ± ${num(g.amplitude)}, every ${formatDuration(g.intervalMs ?? 100)}`;
      case 'lag':
        return `follows ${this.expression(g.target)}, time constant ${formatDuration(g.timeConstantMs)}`;
      case 'integrator':
        return `rate ${this.expression(g.rate)} per s within ${range(g.min, g.max)}`;
    }
  }

  private speed(speed: Expression): string {
    return typeof speed === 'number' ? `${num(speed)} m/s` : `${this.expression(speed)} m/s`;
  }

  condition(c: Condition, nested = false): string {
    const text = this.bareCondition(c, nested);
    const forMs = 'forMs' in c && typeof c.forMs === 'number' ? ` for ${formatDuration(c.forMs)}` : '';
    return forMs && nested ? `(${text}${forMs})` : `${text}${forMs}`;
  }

  private bareCondition(c: Condition, nested: boolean): string {
    if ('always' in c) return 'the plant starts';
    if ('rising' in c) return `${this.tag(c.rising)} rises`;
    if ('falling' in c) return `${this.tag(c.falling)} falls`;
    if ('not' in c) return `not ${this.condition(c.not, true)}`;
    if ('all' in c || 'any' in c) {
      const [list, word] = 'all' in c ? [c.all, 'and'] : [c.any, 'or'];
      const text = list.map((x) => this.condition(x, true)).join(` ${word} `);
      return nested && list.length > 1 ? `(${text})` : text;
    }
    const name = this.tag(c.tag);
    const tests: string[] = [];
    if (c.equals !== undefined) tests.push(`= ${String(c.equals)}`);
    if (c.notEquals !== undefined) tests.push(`≠ ${String(c.notEquals)}`);
    for (const [key, sign] of COMPARISON_SIGNS) {
      const value = c[key];
      if (value !== undefined) tests.push(`${sign} ${num(value)}`);
    }
    return `${name} ${tests.join(' and ')}`.trim();
  }

  private action(a: Action): string {
    if ('set' in a) return `set ${this.tag(a.set)} = ${String(a.value)}`;
    if ('pulse' in a) {
      const value = a.value === undefined || a.value === true ? '' : ` = ${String(a.value)}`;
      return `pulse ${this.tag(a.pulse)}${value} for ${formatDuration(a.forMs)}`;
    }
    if ('toggle' in a) return `toggle ${this.tag(a.toggle)}`;
    const by = a.by ?? 1;
    return by === 1 ? `increment ${this.tag(a.increment)}` : `add ${num(by)} to ${this.tag(a.increment)}`;
  }

  expression(e: Expression): string {
    if (typeof e === 'number') return num(e);
    if ('sum' in e) {
      if (e.sum.length === 0) return '0';
      const terms = e.sum.map((x, i) => {
        const term = this.expression(x);
        if (i === 0) return term;
        return term.startsWith('-') ? ` − ${term.slice(1)}` : ` + ${term}`;
      });
      return `(${terms.join('')})`;
    }
    if ('if' in e) {
      const otherwise = this.expression(e.else ?? 0);
      return `(${this.expression(e.then)} if ${this.condition(e.if, true)}, else ${otherwise})`;
    }
    const scale = e.scale === undefined || e.scale === 1 ? '' : `${num(e.scale)} × `;
    const offset = e.offset ? ` + ${num(e.offset)}` : '';
    return `${scale}${this.tag(e.tag)}${offset}`;
  }

  tag(ref: TagRef): string {
    if (typeof ref === 'string') return ref;
    if ('id' in ref) return this.tags.find((t) => t.id === ref.id)?.name ?? `tag ${ref.id.slice(0, 8)}…`;
    return ref.name;
  }
}

/** A signal's name for people: "Random walk" for randomWalk. */
export function signalLabel(signal: Generator['signal']): string {
  return ownValue(SIGNAL_LABELS, signal) ?? signal;
}

const SIGNAL_LABELS: Readonly<Record<string, string>> = {
  constant: 'Constant',
  sine: 'Sine',
  square: 'Square',
  triangle: 'Triangle',
  sawtooth: 'Sawtooth',
  ramp: 'Ramp',
  randomWalk: 'Random walk',
  noise: 'Noise',
  lag: 'Lag',
  integrator: 'Integrator',
};

const COMPARISON_SIGNS: readonly (readonly ['gt' | 'ge' | 'lt' | 'le', string])[] = [
  ['gt', '>'],
  ['ge', '≥'],
  ['lt', '<'],
  ['le', '≤'],
];

/** A number without float noise (0.1 + 0.2 shows as 0.3). */
function round(n: number): number {
  return Number(n.toPrecision(6));
}

function num(n: number): string {
  return String(round(n));
}

function signed(n: number): string {
  return n > 0 ? `+${num(n)}` : num(n);
}

function range(min: number, max: number): string {
  return `${num(min)}…${num(max)}`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
