import { bindCondition, conditionProblems, isCondition } from '../conditions/check-condition.js';
import { aType, tagRefProblem, type TagIndex } from '../conditions/tag-refs.js';
import { convertTo, INT32_MAX, INT32_MIN } from '../core/convert.js';
import { FLOAT32_MAX } from '../core/float32.js';
import type { TagDefinition } from '../core/tag-types.js';
import { isRecord, show } from '../problems/json-words.js';
import type { Segment } from '../schema/shape-hints.js';
import { placeOf, type Problem } from '../schema/shape-paths.js';
import { ACTION_KEYS } from './behaviour-fields.js';
import { BEHAVIOUR_SHAPE } from './behaviours-schema.js';
import { type RefUse, resolveTagRef } from './tag-refs.js';

type Raw = Record<string, unknown>;

/** What a behaviour does to a tag it writes, for the checks across behaviours. */
export interface Write {
  readonly at: number;
  readonly path: string;
  readonly by: 'generator' | 'sensor' | 'rule' | 'crane';
  readonly normallyClosed?: boolean;
  /** A sensor with `reads`, which must drive its tag alone. */
  readonly reads?: boolean;
}

/** What the checks of one behaviour leave for the checks across behaviours. */
export interface AcrossBehaviours {
  readonly writes: Map<string, { tag: TagDefinition; writes: Write[] }>;
  readonly conveyors: Map<string, number>;
  readonly cranes: Map<string, number>;
  readonly exits: { at: number; path: string; to: string; from: unknown }[];
}

/**
 * The checks of one behaviour that its schema cannot make: what needs the scene's tags (a tag
 * that exists, is an Input, has the type the action or sensor needs), what compares its fields
 * (min <= max, a sensor within its conveyor), and what it tells the checks across behaviours.
 * Each check looks only at fields of the right shape; the schema has told the rest.
 */
export class BehaviourChecks {
  readonly problems: Problem[] = [];

  constructor(
    private readonly raw: unknown,
    private readonly i: number,
    private readonly index: TagIndex,
    private readonly across: AcrossBehaviours,
  ) {}

  run(): Problem[] {
    const raw = this.raw;
    if (!isRecord(raw)) return this.problems;
    if ('when' in raw || 'then' in raw) this.rule(raw);
    else if ('generate' in raw || 'signal' in raw) this.generator(raw);
    else if ('conveyor' in raw) this.conveyor(raw);
    else if ('stackerCrane' in raw) this.stackerCrane(raw);
    return this.problems;
  }

  private rule(raw: Raw): void {
    this.condition(raw['when'], ['when']);
    if (!Array.isArray(raw['then'])) return;
    raw['then'].forEach((action, j) => {
      if (isRecord(action)) this.action(action, ['then', j]);
    });
  }

  private action(raw: Raw, at: Segment[]): void {
    const verbs = ACTION_KEYS.filter((k) => k in raw);
    if (verbs.length !== 1) return;
    const verb = verbs[0]!;
    const tag = this.tag(raw[verb], [...at, verb], 'write');
    if (!tag) return;
    let fits = true;
    if (verb === 'set' || verb === 'pulse') {
      const value = raw['value'];
      if (value === undefined) {
        if (verb === 'set' || tag.type !== 'Bit') {
          this.report([...at, 'value'], `is missing: the ${tag.type} value to ${verb} '${tag.name}' to`);
        }
      } else if (isPrimitive(value) && convertTo(tag.type, value) === undefined) {
        this.report([...at, 'value'], `${show(value)} is not a valid ${tag.type} value for '${tag.name}'`);
      }
    } else if (verb === 'toggle' && tag.type !== 'Bit') {
      fits = false;
      this.report(
        [...at, 'toggle'],
        `toggle applies to Bit tags; '${tag.name}' is ${aType(tag.type)}: use increment or set`,
      );
    } else if (verb === 'increment') {
      if (tag.type === 'Bit') {
        fits = false;
        this.report(
          [...at, 'increment'],
          `increment applies to Int and Float tags; '${tag.name}' is a Bit: use toggle or set`,
        );
      }
      const by = raw['by'];
      if (typeof by === 'number' && tag.type === 'Int' && !Number.isInteger(by)) {
        this.report([...at, 'by'], `${by} is not a whole number, and '${tag.name}' is an Int`);
      }
    }
    if (fits) this.written(tag, [...at, verb], 'rule');
  }

  /** A condition of the right shape: one that compares something, on tags that fit it. */
  private condition(raw: unknown, at: Segment[]): void {
    if (!isCondition(raw)) return;
    const own = conditionProblems(raw);
    const found = own.length > 0 ? own : bindCondition(raw, this.index).problems;
    for (const p of found) this.report([...at, ...p.at], p.message);
  }

  private expression(raw: unknown, at: Segment[]): void {
    if (!isRecord(raw)) return;
    if ('tag' in raw) this.tag(raw['tag'], [...at, 'tag'], 'read');
    else if ('sum' in raw && Array.isArray(raw['sum'])) {
      raw['sum'].forEach((e, j) => this.expression(e, [...at, 'sum', j]));
    } else if ('if' in raw) {
      this.condition(raw['if'], [...at, 'if']);
      this.expression(raw['then'], [...at, 'then']);
      this.expression(raw['else'], [...at, 'else']);
    }
  }

  private generator(raw: Raw): void {
    const tag = this.tag(raw['generate'], ['generate'], 'write');
    if (tag?.type === 'Bit') {
      this.report(
        ['generate'],
        `a generator drives an Int or Float Input; '${tag.name}' is a Bit: use a rule or a conveyor sensor`,
      );
    } else if (tag) this.written(tag, ['generate'], 'generator');
    for (const key of ['around', 'target', 'rate']) this.expression(raw[key], [key]);
    const { min, max, start } = raw;
    if (
      !isNumber(min) ||
      !isNumber(max) ||
      !['ramp', 'randomWalk', 'integrator'].includes(raw['signal'] as string)
    )
      return;
    if (min > max) this.report(['min'], `${min} is above max ${max}; swap them`);
    else if (isNumber(start) && (start < min || start > max)) {
      this.report(['start'], `${start} is outside min ${min} to max ${max}`);
    }
  }

  private conveyor(raw: Raw): void {
    const name = raw['conveyor'];
    if (typeof name === 'string' && name.trim() !== '') {
      const before = this.across.conveyors.get(name);
      if (before !== undefined) {
        this.report(
          ['conveyor'],
          `behaviours[${before}] is already a conveyor named '${name}'; names must be unique`,
        );
      } else this.across.conveyors.set(name, this.i);
    }
    const length = isNumber(raw['length']) && raw['length'] > 0 ? raw['length'] : undefined;
    const speed = raw['speed'];
    if (isNumber(speed) && speed < 0)
      this.report(['speed'], `${speed} is negative; belts here run forwards only`);
    else this.expression(speed, ['speed']);
    this.condition(raw['runs'], ['runs']);
    this.condition(raw['reverse'], ['reverse']);
    const feeder = raw['feeder'];
    if (isRecord(feeder)) {
      const itemLength = feeder['itemLength'];
      if (isNumber(itemLength) && itemLength > 0 && length !== undefined && itemLength > length) {
        this.report(['feeder', 'itemLength'], `${itemLength} is longer than the conveyor (${length})`);
      }
      const [least, most] = [feeder['intervalMs'] ?? 0, feeder['maxIntervalMs']];
      if (isNumber(least) && isNumber(most) && most < least)
        this.report(['feeder', 'maxIntervalMs'], `${most} is below intervalMs (${least})`);
      this.condition(feeder['when'], ['feeder', 'when']);
    }
    this.each(raw['sensors'], 'sensors', (s, at) => this.sensor(s, at, length));
    this.each(raw['exits'], 'exits', (e, at) => {
      const to = e['to'];
      if (typeof to === 'string' && to !== '') {
        this.across.exits.push({ at: this.i, path: this.pathOf([...at, 'to']), to, from: name });
      }
      this.condition(e['when'], [...at, 'when']);
    });
    this.each(raw['removers'], 'removers', (r, at) => {
      this.span(r, at, length);
      this.condition(r['when'], [...at, 'when']);
    });
  }

  /** A stacker crane: read by an Int Output, writing two Bit Inputs, lifted by a Bit Output. */
  private stackerCrane(raw: Raw): void {
    const name = raw['stackerCrane'];
    if (typeof name === 'string' && name.trim() !== '') {
      const before = this.across.cranes.get(name);
      if (before !== undefined)
        this.report(
          ['stackerCrane'],
          `behaviours[${before}] is already a stacker crane named '${name}'; names must be unique`,
        );
      else this.across.cranes.set(name, this.i);
    }
    const target = this.tag(raw['target'], ['target'], 'read');
    if (target && (target.type !== 'Int' || target.kind !== 'Output'))
      this.report(
        ['target'],
        `the crane's target is an Int Output the controller writes; '${target.name}' is ${aType(target.type)} ${target.kind}`,
      );
    for (const key of ['movingX', 'movingZ']) {
      const tag = this.tag(raw[key], [key], 'write');
      if (tag?.type !== 'Bit' && tag)
        this.report([key], `${key} is a Bit Input; '${tag.name}' is ${aType(tag.type)}`);
      else if (tag) this.written(tag, [key], 'crane');
    }
    const lift = this.tag(raw['lift'], ['lift'], 'read');
    if (lift && lift.type !== 'Bit')
      this.report(['lift'], `the lift is a Bit Output; '${lift.name}' is ${aType(lift.type)}`);
    if ('lift' in raw && !('liftMs' in raw))
      this.report(['liftMs'], 'is missing: how long the lift takes to raise or lower the platform');
    else if ('liftMs' in raw && !('lift' in raw))
      this.report(['liftMs'], 'applies to a crane with a lift; add lift (the Bit Output) or remove liftMs');
  }

  private sensor(raw: Raw, at: Segment[], length: number | undefined): void {
    const tag = this.tag(raw['tag'], [...at, 'tag'], 'write');
    if ('reads' in raw) this.readingSensor(raw, at, tag);
    else {
      if ('otherwise' in raw) {
        this.report(
          [...at, 'otherwise'],
          'applies to a sensor with reads (a value per item label); add reads or remove otherwise',
        );
      }
      if (tag && tag.type !== 'Bit') {
        this.report(
          [...at, 'tag'],
          `a conveyor sensor without reads is a Bit Input; '${tag.name}' is ${aType(tag.type)}: add reads (its value per item label, as a vision sensor or a scale shows) or use a generator`,
        );
      } else if (tag) this.written(tag, [...at, 'tag'], 'sensor', raw['normallyClosed'] === true);
    }
    this.span(raw, at, length);
  }

  /** A sensor with `reads`: an Int or Float Input showing a number per item label. */
  private readingSensor(raw: Raw, at: Segment[], tag: TagDefinition | undefined): void {
    for (const key of ['detects', 'normallyClosed']) {
      if (key in raw) {
        this.report(
          [...at, key],
          'does not apply to a sensor with reads, which shows a value per item label (otherwise for the rest); remove it',
        );
      }
    }
    const fits = tag !== undefined && tag.type !== 'Bit';
    if (tag?.type === 'Bit') {
      this.report(
        [...at, 'reads'],
        `reads gives an Int or Float Input a value per item label; '${tag.name}' is a Bit: remove reads (a Bit sensor is on while it sees an item; detects limits which)`,
      );
    }
    const reads = raw['reads'];
    const listed = isRecord(reads) && Object.keys(reads).length > 0;
    if (listed) {
      for (const [label, value] of Object.entries(reads)) {
        if (label === '') this.report([...at, 'reads', label], 'an item label must not be empty');
        else if (fits) this.reading(value, [...at, 'reads', label], tag);
      }
    }
    if (fits) this.reading(raw['otherwise'], [...at, 'otherwise'], tag);
    if (fits && listed) this.written(tag, [...at, 'tag'], 'sensor', false, true);
  }

  /** A value a reading sensor shows: a number that the tag holds as it is. */
  private reading(value: unknown, at: Segment[], tag: TagDefinition): void {
    if (!isNumber(value)) return;
    if (tag.type === 'Int' && !Number.isInteger(value)) {
      return this.report(at, `${value} is not a whole number, and '${tag.name}' is an Int`);
    }
    const low = tag.type === 'Int' ? INT32_MIN : -FLOAT32_MAX;
    const high = tag.type === 'Int' ? INT32_MAX : FLOAT32_MAX;
    const min = Math.max(low, tag.min ?? low);
    const max = Math.min(high, tag.max ?? high);
    if (value < min || value > max)
      this.report(at, `${value} is outside what '${tag.name}' holds (${min} to ${max})`);
  }

  /** from and to: from <= to <= length. */
  private span(raw: Raw, at: Segment[], length: number | undefined): void {
    const { from, to } = raw;
    if (!isNumber(from) || !isNumber(to) || from < 0 || to < 0) return;
    if (from > to) this.report([...at, 'from'], `${from} is beyond to ${to}; swap them`);
    else if (length !== undefined && to > length) {
      this.report([...at, 'to'], `${to} is beyond the end of the conveyor (length ${length})`);
    }
  }

  /** Resolves a well-formed tag reference, reporting why it names no usable tag. */
  private tag(ref: unknown, at: Segment[], use: RefUse): TagDefinition | undefined {
    if (ref === undefined || tagRefProblem(ref) !== undefined) return undefined;
    const found = resolveTagRef(ref, this.index, use);
    if (found.ok) return found.tag;
    this.report(at, found.message);
    return undefined;
  }

  /** Records a (well-typed) write for the checks across behaviours. */
  private written(
    tag: TagDefinition,
    at: Segment[],
    by: Write['by'],
    normallyClosed?: boolean,
    reads = false,
  ): void {
    const entry = this.across.writes.get(tag.id) ?? { tag, writes: [] };
    const path = this.pathOf(at);
    entry.writes.push({ at: this.i, path, by, ...(by === 'sensor' ? { normallyClosed, reads } : {}) });
    this.across.writes.set(tag.id, entry);
  }

  private each(list: unknown, key: string, check: (item: Raw, at: Segment[]) => void): void {
    if (!Array.isArray(list)) return;
    list.forEach((item, j) => {
      if (isRecord(item)) check(item, [key, j]);
    });
  }

  private pathOf(at: Segment[]): string {
    return placeOf(BEHAVIOUR_SHAPE, this.raw, `behaviours[${this.i}]`, at);
  }

  private report(at: Segment[], message: string): void {
    this.problems.push({ at, message });
  }
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isPrimitive(value: unknown): boolean {
  return typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string';
}
