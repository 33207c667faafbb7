import type { TagDefinition } from '../core/tag-types.js';
import {
  type Behaviour,
  type Conveyor,
  isConveyor,
  isGenerator,
  isRule,
  isStackerCrane,
} from './behaviour-types.js';
import { ConditionSet } from './conditions.js';
import type { ConveyorTally } from './conveyor-tally.js';
import { ConveyorLine, type ConveyorSnapshot } from './conveyors.js';
import { deriveSeed } from './random.js';
import { RuleSet } from './rules.js';
import { compileGenerator, type GeneratorRuntime } from './signals.js';
import { StackerCraneRuntime, type StackerCraneSnapshot } from './stacker-crane.js';
import type { TagMirror } from './tag-mirror.js';
import { TagIndex } from './tag-refs.js';

/** What the plant looks like now: its time, what is on its conveyors, where its cranes are. */
export interface SimulationSnapshot {
  /** Plant time in milliseconds since the start or the last reset. */
  readonly timeMs: number;
  readonly conveyors: readonly ConveyorSnapshot[];
  readonly cranes: readonly StackerCraneSnapshot[];
}

/**
 * The behaviours of a scene, compiled against its tags and run in fixed steps. Each step reads the
 * tags as they were when it began, then runs, in this order: the conveyors (moving items and
 * setting their sensors), the rules (pulses ending, delayed actions, rules firing), the
 * generators and the stacker cranes. All randomness comes from streams derived from `seed` and each behaviour's place,
 * so a plant built again from the same behaviours and seed does exactly the same thing.
 *
 * The behaviours must have passed validateBehaviours against these tags.
 */
export class Plant {
  private steps = 0;
  private readonly conditions: ConditionSet;
  private readonly line: ConveyorLine;
  private readonly rules: RuleSet;
  private readonly generators: GeneratorRuntime[] = [];
  private readonly cranes: StackerCraneRuntime[] = [];

  constructor(
    behaviours: readonly Behaviour[],
    tags: readonly TagDefinition[],
    private readonly mirror: TagMirror,
    private readonly options: { readonly seed: number; readonly stepMs: number },
  ) {
    this.conditions = new ConditionSet(new TagIndex(tags), mirror);
    this.line = new ConveyorLine(mirror);
    this.rules = new RuleSet(mirror);
    const conveyors: Conveyor[] = [];
    behaviours.forEach((b, i) => {
      if (isRule(b)) this.rules.add(b, this.conditions);
      else if (isGenerator(b)) {
        const seeds = { signal: deriveSeed(options.seed, i, 1), noise: deriveSeed(options.seed, i, 2) };
        this.generators.push(compileGenerator(b, this.conditions, mirror, seeds));
      } else if (isConveyor(b)) {
        this.line.add(b, this.conditions, deriveSeed(options.seed, i, 3));
        conveyors.push(b);
      } else if (isStackerCrane(b)) this.cranes.push(new StackerCraneRuntime(b, this.conditions, mirror));
    });
    this.line.link(conveyors, this.conditions);
  }

  get timeMs(): number {
    return this.steps * this.options.stepMs;
  }

  /**
   * Puts the plant in its state at time 0, a step that moves nothing: the first items placed,
   * sensors and generators showing their start values, and the rules whose condition holds from
   * the start fired (a normally closed push button that rests on, say). Called before the first
   * step, so the controller never sees the plant before it has started.
   */
  settle(): void {
    this.mirror.beginStep();
    this.conditions.update(0);
    this.line.step(0, 0);
    this.rules.step(0);
    for (const g of this.generators) g.step(0, 0);
    for (const c of this.cranes) c.step(0);
  }

  /** Runs one fixed step. */
  step(): void {
    const dt = this.options.stepMs;
    const t = ++this.steps * dt;
    this.mirror.beginStep();
    this.conditions.update(t);
    this.line.step(t, dt);
    this.rules.step(t);
    for (const g of this.generators) g.step(t, dt);
    for (const c of this.cranes) c.step(t);
  }

  snapshot(): SimulationSnapshot {
    return {
      timeMs: this.timeMs,
      conveyors: this.line.snapshot(),
      cranes: this.cranes.map((c) => c.snapshot(this.timeMs)),
    };
  }

  /** The conveyors' counts, read in place, in the order of the behaviours. */
  get tallies(): readonly ConveyorTally[] {
    return this.line.tallies;
  }

  /** Grows whenever an item comes or goes on a conveyor or a belt starts or stops. */
  get changes(): number {
    return this.line.changes;
  }
}
