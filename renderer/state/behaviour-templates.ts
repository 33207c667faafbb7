import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import type { TagDefinition } from '../../shared/core/tag-types.js';
import { isSystemTag } from '../../shared/scenes/scene-editor.js';
import { mapBehaviourTagRefs } from '../../shared/sim/behaviour-tag-refs.js';
import {
  isConveyor,
  isGenerator,
  isStackerCrane,
  type Behaviour,
  type Condition,
  type Expression,
  type Generator,
  type TagRef,
} from '../../shared/sim/behaviour-types.js';
import { resolveTagRef, TagIndex } from '../../shared/sim/tag-refs.js';
import { signalLabel, type BehaviourKind } from './behaviour-summary.js';

// Starting points for a new behaviour, one per kind the model has. Each names real tags of the
// scene, of the kind and type its place needs and not already driven in a way the validator would
// refuse, so that most templates apply unchanged; where the scene has no such tag, a placeholder
// name says what is needed (and the validator's refusal says it again, at its place).

export interface BehaviourTemplate {
  /** Stable key, e.g. 'rule-set', 'signal-sine', 'conveyor'. */
  readonly id: string;
  readonly kind: BehaviourKind;
  /** What the add menu shows. */
  readonly label: string;
  readonly behaviour: Behaviour;
}

type SceneTags = Pick<SceneDefinition, 'tags' | 'behaviours'>;

/** The templates for a scene, in menu order: rules, signal generators, conveyor. */
export function behaviourTemplates(scene: SceneTags): BehaviourTemplate[] {
  const pick = new TagPicker(scene);
  const trigger = pick.condition();
  const bitTarget = pick.ruleTarget('Bit');
  const counter = pick.ruleTarget('Int') ?? pick.ruleTarget('Float');
  const rising: Condition = { rising: pick.refOr(trigger, 'a Bit tag') };

  const rules: BehaviourTemplate[] = [
    rule('rule-set', 'Set an Input when a tag rises', {
      name: `Set ${nameOf(bitTarget, 'the sensor')} when ${nameOf(trigger, 'the actuator')} turns on`,
      when: rising,
      then: [{ set: pick.refOr(bitTarget, 'a Bit Input'), value: true }],
    }),
    rule('rule-pulse', 'Pulse an Input, after a delay', {
      name: `Pulse ${nameOf(bitTarget, 'the sensor')} 1 s after ${nameOf(trigger, 'the actuator')} turns on`,
      when: rising,
      delayMs: 1000,
      then: [{ pulse: pick.refOr(bitTarget, 'a Bit Input'), value: true, forMs: 500 }],
    }),
    rule('rule-toggle', 'Toggle an Input', {
      name: `Toggle ${nameOf(bitTarget, 'the sensor')} when ${nameOf(trigger, 'the actuator')} turns on`,
      when: rising,
      then: [{ toggle: pick.refOr(bitTarget, 'a Bit Input') }],
    }),
    rule('rule-increment', 'Increment a counter', {
      name: `Count in ${nameOf(counter, 'the counter')} when ${nameOf(trigger, 'the actuator')} turns on`,
      when: rising,
      then: [{ increment: pick.refOr(counter, 'an Int Input'), by: 1 }],
    }),
  ];

  const target = pick.generatorTarget();
  const g = new GeneratorShapes(target, pick);
  const signals = SIGNAL_TEMPLATES.map(([signal, label]) => ({
    id: `signal-${signal}`,
    kind: 'signal' as const,
    label,
    behaviour: g.make(signal),
  }));

  return [
    ...rules,
    ...signals,
    { id: 'conveyor', kind: 'conveyor', label: 'Conveyor', behaviour: conveyor(pick, scene) },
  ];
}

const SIGNAL_TEMPLATES: readonly (readonly [Generator['signal'], string])[] = [
  ['constant', 'Constant'],
  ['sine', 'Sine'],
  ['square', 'Square'],
  ['triangle', 'Triangle'],
  ['sawtooth', 'Sawtooth'],
  ['ramp', 'Ramp'],
  ['randomWalk', 'Random walk'],
  ['noise', 'Noise around a value'],
  ['lag', 'Lag (follows an Output)'],
  ['integrator', 'Integrator (a tank level)'],
];

function rule(id: string, label: string, behaviour: Behaviour): BehaviourTemplate {
  return { id, kind: 'rule', label, behaviour };
}

/** The numbers of a generator, fitted to its tag's range. */
class GeneratorShapes {
  private readonly lo: number;
  private readonly hi: number;
  private readonly int: boolean;

  constructor(
    private readonly target: TagDefinition | undefined,
    private readonly pick: TagPicker,
  ) {
    this.int = target?.type === 'Int';
    const lo = target?.min ?? 0;
    const hi = target?.max !== undefined && target.max - lo <= 1e6 ? target.max : lo + 10;
    [this.lo, this.hi] = hi > lo ? [lo, hi] : [lo, lo + 10];
  }

  make(signal: Generator['signal']): Generator {
    const base = {
      name: `${signalLabel(signal)} on ${nameOf(this.target, 'the value')}`,
      generate: this.pick.refOr(this.target, 'an Int or Float Input'),
    };
    const span = this.hi - this.lo;
    const mid = this.n(this.lo + span / 2);
    const wave = { offset: mid, amplitude: this.n(span / 4, true), periodMs: 10_000 };
    switch (signal) {
      case 'constant':
        return { ...base, signal, value: mid };
      case 'sine':
      case 'triangle':
      case 'sawtooth':
        return { ...base, signal, ...wave };
      case 'square':
        return { ...base, signal, ...wave, duty: 0.5 };
      case 'ramp':
        return {
          ...base,
          signal,
          rate: this.n(span / 10, true),
          min: this.lo,
          max: this.hi,
          atLimit: 'wrap',
        };
      case 'randomWalk':
        return {
          ...base,
          signal,
          step: this.n(span / 20, true),
          min: this.lo,
          max: this.hi,
          intervalMs: 200,
        };
      case 'noise':
        return { ...base, signal, around: mid, amplitude: this.n(span / 20, true), intervalMs: 200 };
      case 'lag':
        return { ...base, signal, target: this.follows(), timeConstantMs: 5000 };
      case 'integrator':
        return { ...base, signal, rate: this.rate(), min: this.lo, max: this.hi };
    }
  }

  /** What a lag follows: a numeric Output, else high while a Bit Output is on, else the top. */
  private follows(): Expression {
    const numeric = this.pick.numericOutput();
    if (numeric) return { tag: this.pick.ref(numeric), scale: 1 };
    const bit = this.pick.bitOutputs()[0];
    if (bit) return { if: { tag: this.pick.ref(bit), equals: true }, then: this.hi, else: this.lo };
    return this.hi;
  }

  /** An integrator's rate: up while one Bit Output is on, down while another is (a fill and a drain valve). */
  private rate(): Expression {
    const [fill, drain] = this.pick.bitOutputs();
    const up = this.n((this.hi - this.lo) / 20, true);
    if (!fill) return up;
    const sum: Expression[] = [{ tag: this.pick.ref(fill), scale: up }];
    if (drain) sum.push({ tag: this.pick.ref(drain), scale: -this.n((this.hi - this.lo) / 40, true) });
    return { sum };
  }

  /** A number for this tag: whole for an Int (at least 1 where it must not be 0), else 3 digits. */
  private n(value: number, positive = false): number {
    const v = this.int ? Math.round(value) : Number(value.toPrecision(3));
    return positive && v <= 0 ? 1 : v;
  }
}

function conveyor(pick: TagPicker, scene: SceneTags): Behaviour {
  const taken = new Set((scene.behaviours ?? []).filter(isConveyor).map((c) => c.conveyor));
  let name = 'belt';
  for (let n = 2; taken.has(name); n++) name = `belt ${n}`;
  const motor = pick.bitOutputs()[0];
  const sensor = pick.sensorTarget();
  return {
    conveyor: name,
    length: 4,
    speed: 0.5,
    ...(motor ? { runs: { tag: pick.ref(motor), equals: true } } : {}),
    feeder: { items: ['box'], itemLength: 0.5, gap: 1, intervalMs: 2000 },
    ...(sensor ? { sensors: [{ tag: pick.ref(sensor), from: 3.7, to: 4 }] } : {}),
    removers: [{ from: 3.5, to: 4, afterMs: 2000 }],
  };
}

/** How the scene's own behaviours already write each tag (by id). */
type Writers = Map<string, Set<'generator' | 'sensor' | 'rule'>>;

/** Picks tags of the scene for each place of a template. */
class TagPicker {
  private readonly user: readonly TagDefinition[];
  private readonly writers: Writers = new Map();

  constructor(private readonly scene: SceneTags) {
    this.user = scene.tags.filter((t) => !isSystemTag(t));
    const behaviours = scene.behaviours ?? [];
    const index = new TagIndex(scene.tags);
    mapBehaviourTagRefs(behaviours, ({ ref, use, behaviour }) => {
      const found = use === 'write' ? resolveTagRef(ref, index, use) : undefined;
      if (found?.ok) {
        const b = behaviours[behaviour]!;
        // A stacker crane drives its Moving tags every step, as a generator does.
        const by = isGenerator(b) || isStackerCrane(b) ? 'generator' : isConveyor(b) ? 'sensor' : 'rule';
        const set = this.writers.get(found.tag.id) ?? new Set();
        set.add(by);
        this.writers.set(found.tag.id, set);
      }
      return ref;
    });
  }

  /** A Bit to watch: an Output the controller drives, else a sensor, else the simulator's Running. */
  condition(): TagDefinition | undefined {
    return (
      this.bitOutputs()[0] ??
      this.user.find((t) => t.kind === 'Input' && t.type === 'Bit') ??
      this.scene.tags.find((t) => t.name === 'FACTORY I/O (Running)' && t.kind === 'Input')
    );
  }

  /** An Input a rule may write: not driven by a generator or conveyor sensors; unwritten first. */
  ruleTarget(type: TagDefinition['type']): TagDefinition | undefined {
    const candidates = this.inputs(type).filter((t) => {
      const by = this.writers.get(t.id);
      return !by || (!by.has('generator') && !by.has('sensor'));
    });
    return candidates.find((t) => !this.writers.has(t.id)) ?? candidates[0];
  }

  /** An Int or Float Input nothing writes yet (a generator sets its tag every step). */
  generatorTarget(): TagDefinition | undefined {
    const free = (t: TagDefinition) => !this.writers.has(t.id);
    return this.inputs('Float').find(free) ?? this.inputs('Int').find(free);
  }

  /** A Bit Input for a conveyor sensor: one nothing writes yet. */
  sensorTarget(): TagDefinition | undefined {
    return this.inputs('Bit').find((t) => !this.writers.has(t.id));
  }

  bitOutputs(): TagDefinition[] {
    return this.user.filter((t) => t.kind === 'Output' && t.type === 'Bit');
  }

  numericOutput(): TagDefinition | undefined {
    return this.user.find((t) => t.kind === 'Output' && t.type !== 'Bit');
  }

  /** `{name, kind}` as the built-in plants write it; by id when the name and kind are not unique. */
  ref(tag: TagDefinition): TagRef {
    const twins = this.scene.tags.filter((t) => t.name === tag.name && t.kind === tag.kind);
    return twins.length > 1 ? { id: tag.id } : { name: tag.name, kind: tag.kind };
  }

  /** A reference to `tag`, or a placeholder that says what belongs there. */
  refOr(tag: TagDefinition | undefined, needed: string): TagRef {
    return tag ? this.ref(tag) : placeholder(needed);
  }

  private inputs(type: TagDefinition['type']): TagDefinition[] {
    return this.user.filter((t) => t.kind === 'Input' && t.type === type);
  }
}

function placeholder(needed: string): TagRef {
  return `(${needed})`;
}

function nameOf(tag: TagDefinition | undefined, otherwise: string): string {
  return tag?.name ?? otherwise;
}
