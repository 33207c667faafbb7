import { convertTo, INT32_MAX, INT32_MIN } from '../core/convert.js';
import { FLOAT32_MAX } from '../core/float32.js';
import type { TagDefinition } from '../core/tag-types.js';
import type { SceneProblem } from '../scenes/scene-problems.js';
import { isRecord, kindOf as jsonKindOf, show } from '../scenes/json-words.js';
import type { Behaviour } from './behaviour-types.js';
import {
  ACTION_KEYS,
  COMPARISONS,
  CONDITION_KEYS,
  CONVEYOR_FIELDS,
  FEEDER_FIELDS,
  GENERATOR_FIELDS,
  MAX_BEHAVIOURS,
  MAX_NESTING,
  RULE_FIELDS,
  SIGNAL_FIELDS,
  type SignalName,
  SENSOR_FIELDS,
  SIGNALS,
} from './behaviour-fields.js';
import { type RefUse, resolveTagRef, TagIndex } from './tag-refs.js';

/** What a behaviour does to a tag it writes, for the checks across behaviours. */
interface Write {
  readonly at: number;
  readonly path: string;
  readonly by: 'generator' | 'sensor' | 'rule';
  readonly normallyClosed?: boolean;
  /** A sensor with `reads`, which must drive its tag alone. */
  readonly reads?: boolean;
}

/**
 * Checks the `behaviours` array of a scene file against the scene's tags. Returns every problem
 * with its place (`behaviours[2].then[0].set: ...`) and the behaviours that have none, so a caller
 * that refuses a file with problems (as the scene file does) loads all or nothing.
 */
export function validateBehaviours(
  json: unknown,
  tags: readonly TagDefinition[],
): { behaviours: Behaviour[]; problems: SceneProblem[] } {
  const problems: SceneProblem[] = [];
  if (!Array.isArray(json)) {
    problems.push({ path: 'behaviours', message: `must be an array of behaviours; got ${kindOf(json)}` });
    return { behaviours: [], problems };
  }
  if (json.length > MAX_BEHAVIOURS) {
    problems.push({
      path: 'behaviours',
      message: `has ${json.length} behaviours; a scene holds at most ${MAX_BEHAVIOURS}`,
    });
    return { behaviours: [], problems };
  }
  const checker = new Checker(new TagIndex(tags), problems);
  json.forEach((entry, i) => checker.behaviour(entry, i));
  checker.crossCheck();
  const behaviours = json.filter((_, i) => !checker.bad.has(i)) as Behaviour[];
  return { behaviours, problems };
}

class Checker {
  /** Indexes of the behaviours with a problem. */
  readonly bad = new Set<number>();
  private current = 0;
  private readonly writes = new Map<string, { tag: TagDefinition; writes: Write[] }>();
  private readonly conveyors = new Map<string, number>();
  private readonly exits: { at: number; path: string; to: string; from: unknown }[] = [];

  constructor(
    private readonly index: TagIndex,
    private readonly problems: SceneProblem[],
  ) {}

  behaviour(raw: unknown, i: number): void {
    this.current = i;
    const at = `behaviours[${i}]`;
    if (!isRecord(raw)) {
      this.report(at, `must be an object: a rule, a generator or a conveyor; got ${kindOf(raw)}`);
    } else if ('when' in raw || 'then' in raw) {
      this.rule(raw, at);
    } else if ('generate' in raw || 'signal' in raw) {
      this.generator(raw, at);
    } else if ('conveyor' in raw) {
      this.conveyor(raw, at);
    } else {
      this.report(
        at,
        'is neither a rule ("when" and "then"), a generator ("generate" and "signal") nor a conveyor ("conveyor")',
      );
    }
  }

  /** Problems that span behaviours: tags driven twice, exits to unknown conveyors. */
  crossCheck(): void {
    for (const exit of this.exits) {
      if (exit.to === exit.from) {
        this.reportAt(
          exit.at,
          exit.path,
          `an exit leads to another conveyor, not back to '${exit.to}' itself`,
        );
        continue;
      }
      if (this.conveyors.has(exit.to)) continue;
      const known = [...this.conveyors.keys()].map((n) => `'${n}'`).join(', ');
      this.reportAt(exit.at, exit.path, `no conveyor is named '${exit.to}' (conveyors: ${known || 'none'})`);
    }
    for (const { tag, writes } of this.writes.values()) {
      const drivers = writes.filter((w) => w.by !== 'rule');
      const first = drivers[0];
      if (!first) continue;
      for (const w of writes) {
        if (w === first) continue;
        const what = first.by === 'generator' ? 'a generator' : 'a conveyor sensor';
        if (w.by === 'rule' || first.by === 'generator' || w.by === 'generator') {
          this.reportAt(
            w.at,
            w.path,
            `'${tag.name}' is already driven by ${what} (behaviours[${first.at}]), which sets it every step; remove one of the two`,
          );
        } else if (first.reads === true || w.reads === true) {
          this.reportAt(
            w.at,
            w.path,
            `'${tag.name}' is also a sensor of behaviours[${first.at}]; a sensor with reads drives its tag alone, so remove one of the two`,
          );
        } else if (w.normallyClosed !== first.normallyClosed) {
          this.reportAt(
            w.at,
            w.path,
            `'${tag.name}' is also a sensor of behaviours[${first.at}] with normallyClosed ${String(first.normallyClosed)}; the sensors of one tag must agree`,
          );
        }
      }
    }
  }

  // --- rules --------------------------------------------------------------------------------

  private rule(raw: Record<string, unknown>, at: string): void {
    this.fields(raw, RULE_FIELDS, at);
    this.optionalName(raw, at);
    if (!('when' in raw)) this.report(`${at}.when`, 'is missing: the condition that fires the rule');
    else this.condition(raw['when'], `${at}.when`, 0);
    const then = raw['then'];
    if (!Array.isArray(then) || then.length === 0) {
      this.report(`${at}.then`, `must be a non-empty array of actions; got ${kindOf(then)}`);
    } else {
      then.forEach((action, j) => this.action(action, `${at}.then[${j}]`));
    }
    this.duration(raw, 'delayMs', at, false);
  }

  private action(raw: unknown, at: string): void {
    if (!isRecord(raw)) {
      this.report(
        at,
        `must be an action object ({"set"}, {"pulse"}, {"toggle"} or {"increment"}); got ${kindOf(raw)}`,
      );
      return;
    }
    const keys = ACTION_KEYS.filter((k) => k in raw);
    if (keys.length !== 1) {
      this.report(
        at,
        `must have exactly one of set, pulse, toggle, increment; got ${keys.join(', ') || 'none'}`,
      );
      return;
    }
    const verb = keys[0]!;
    const allowed = { set: ['value'], pulse: ['value', 'forMs'], toggle: [], increment: ['by'] }[verb]!;
    this.fields(raw, [verb, ...allowed], at);
    const tag = this.tag(raw[verb], `${at}.${verb}`, 'write');
    if (verb === 'pulse') this.duration(raw, 'forMs', at, true, true);
    if (!tag) return;
    let fits = true;
    if (verb === 'set' || verb === 'pulse') {
      const value = raw['value'];
      if (value === undefined) {
        if (verb === 'set' || tag.type !== 'Bit') {
          this.report(`${at}.value`, `is missing: the ${tag.type} value to ${verb} '${tag.name}' to`);
        }
      } else if (convertTo(tag.type, value) === undefined) {
        this.report(`${at}.value`, `${show(value)} is not a valid ${tag.type} value for '${tag.name}'`);
      }
    } else if (verb === 'toggle' && tag.type !== 'Bit') {
      fits = false;
      this.report(
        `${at}.toggle`,
        `toggle applies to Bit tags; '${tag.name}' is ${a(tag.type)}: use increment or set`,
      );
    } else if (verb === 'increment') {
      if (tag.type === 'Bit') {
        fits = false;
        this.report(
          `${at}.increment`,
          `increment applies to Int and Float tags; '${tag.name}' is a Bit: use toggle or set`,
        );
      }
      const by = raw['by'];
      if (by !== undefined && !isFiniteNumber(by))
        this.report(`${at}.by`, `must be a number; got ${show(by)}`);
      else if (by !== undefined && tag.type === 'Int' && !Number.isInteger(by)) {
        this.report(`${at}.by`, `${String(by)} is not a whole number, and '${tag.name}' is an Int`);
      }
    }
    if (fits) this.written(tag, `${at}.${verb}`, 'rule');
  }

  // --- conditions and expressions -------------------------------------------------------------

  private condition(raw: unknown, at: string, depth: number): void {
    if (depth >= MAX_NESTING) {
      this.report(at, `conditions nest deeper than ${MAX_NESTING} levels; simplify`);
      return;
    }
    if (!isRecord(raw)) {
      this.report(
        at,
        `must be a condition object (tag, rising, falling, all, any, not, always); got ${kindOf(raw)}`,
      );
      return;
    }
    const keys = CONDITION_KEYS.filter((k) => k in raw);
    if (keys.length !== 1) {
      this.report(
        at,
        `must have exactly one of ${CONDITION_KEYS.join(', ')}; got ${keys.join(', ') || 'none'}`,
      );
      return;
    }
    const key = keys[0]!;
    switch (key) {
      case 'tag':
        this.comparison(raw, at);
        return;
      case 'rising':
      case 'falling': {
        this.fields(raw, [key], at, { forMs: 'an edge lasts one step, so forMs does not apply; remove it' });
        const tag = this.tag(raw[key], `${at}.${key}`, 'read');
        if (tag && tag.type !== 'Bit') {
          this.report(
            `${at}.${key}`,
            `${key} applies to Bit tags; '${tag.name}' is ${a(tag.type)}: compare it with gt or lt`,
          );
        }
        return;
      }
      case 'all':
      case 'any': {
        this.fields(raw, [key, 'forMs'], at);
        const list = raw[key];
        if (!Array.isArray(list) || list.length === 0) {
          this.report(`${at}.${key}`, `must be a non-empty array of conditions; got ${kindOf(list)}`);
        } else {
          list.forEach((c, j) => this.condition(c, `${at}.${key}[${j}]`, depth + 1));
        }
        this.duration(raw, 'forMs', at, false);
        return;
      }
      case 'not':
        this.fields(raw, ['not', 'forMs'], at);
        this.condition(raw['not'], `${at}.not`, depth + 1);
        this.duration(raw, 'forMs', at, false);
        return;
      default:
        this.fields(raw, ['always'], at);
        if (raw['always'] !== true) this.report(`${at}.always`, `must be true; got ${show(raw['always'])}`);
    }
  }

  private comparison(raw: Record<string, unknown>, at: string): void {
    this.fields(raw, ['tag', ...COMPARISONS, 'forMs'], at);
    this.duration(raw, 'forMs', at, false);
    const tag = this.tag(raw['tag'], `${at}.tag`, 'read');
    const used = COMPARISONS.filter((k) => k in raw);
    if (used.length === 0) {
      this.report(at, `compares nothing; add one of ${COMPARISONS.join(', ')}`);
      return;
    }
    if (!tag) return;
    for (const op of used) {
      const value = raw[op];
      if (op === 'equals' || op === 'notEquals') {
        if (convertTo(tag.type, value) === undefined) {
          this.report(`${at}.${op}`, `${show(value)} is not a valid ${tag.type} value for '${tag.name}'`);
        }
      } else if (tag.type === 'Bit') {
        this.report(
          `${at}.${op}`,
          `${op} compares numbers; '${tag.name}' is a Bit: use equals true or false`,
        );
      } else if (!isFiniteNumber(value)) {
        this.report(`${at}.${op}`, `must be a number; got ${show(value)}`);
      }
    }
  }

  private expression(raw: unknown, at: string, depth: number): void {
    if (typeof raw === 'number') {
      if (!Number.isFinite(raw)) this.report(at, `must be a finite number; got ${show(raw)}`);
      return;
    }
    if (depth >= MAX_NESTING) {
      this.report(at, `expressions nest deeper than ${MAX_NESTING} levels; simplify`);
      return;
    }
    if (!isRecord(raw)) {
      this.report(at, `must be a number or an expression ({"tag"}, {"sum"}, {"if"}); got ${kindOf(raw)}`);
      return;
    }
    if ('tag' in raw) {
      this.fields(raw, ['tag', 'scale', 'offset'], at);
      this.tag(raw['tag'], `${at}.tag`, 'read');
      this.number(raw, 'scale', at, { optional: true });
      this.number(raw, 'offset', at, { optional: true });
    } else if ('sum' in raw) {
      this.fields(raw, ['sum'], at);
      const list = raw['sum'];
      if (!Array.isArray(list) || list.length === 0) {
        this.report(`${at}.sum`, `must be a non-empty array of expressions; got ${kindOf(list)}`);
      } else {
        list.forEach((e, j) => this.expression(e, `${at}.sum[${j}]`, depth + 1));
      }
    } else if ('if' in raw) {
      this.fields(raw, ['if', 'then', 'else'], at);
      this.condition(raw['if'], `${at}.if`, depth + 1);
      if (!('then' in raw)) this.report(`${at}.then`, 'is missing: the value while the condition holds');
      else this.expression(raw['then'], `${at}.then`, depth + 1);
      if ('else' in raw) this.expression(raw['else'], `${at}.else`, depth + 1);
    } else {
      this.report(at, 'must be a number or an expression with "tag", "sum" or "if"');
    }
  }

  // --- generators ---------------------------------------------------------------------------

  private generator(raw: Record<string, unknown>, at: string): void {
    const signal = raw['signal'];
    const known = SIGNALS.includes(signal as SignalName) ? (signal as SignalName) : undefined;
    this.fields(raw, [...GENERATOR_FIELDS, ...(known ? SIGNAL_FIELDS[known] : [])], at);
    this.optionalName(raw, at);
    if (!known) this.report(`${at}.signal`, `must be one of ${SIGNALS.join(', ')}; got ${show(signal)}`);
    if (!('generate' in raw)) this.report(`${at}.generate`, 'is missing: the Int or Float Input to drive');
    else {
      const tag = this.tag(raw['generate'], `${at}.generate`, 'write');
      if (tag?.type === 'Bit') {
        this.report(
          `${at}.generate`,
          `a generator drives an Int or Float Input; '${tag.name}' is a Bit: use a rule or a conveyor sensor`,
        );
      } else if (tag) {
        this.written(tag, `${at}.generate`, 'generator');
      }
    }
    this.number(raw, 'noise', at, { optional: true, min: 0 });
    if ('seed' in raw && !(isFiniteNumber(raw['seed']) && Number.isInteger(raw['seed']))) {
      this.report(`${at}.seed`, `must be a whole number; got ${show(raw['seed'])}`);
    }
    if (!known) return;
    switch (known) {
      case 'constant':
        this.number(raw, 'value', at);
        return;
      case 'sine':
      case 'square':
      case 'triangle':
      case 'sawtooth':
        this.number(raw, 'amplitude', at, { min: 0 });
        this.number(raw, 'offset', at, { optional: true });
        this.duration(raw, 'periodMs', at, true, true);
        this.number(raw, 'phase', at, { optional: true, min: 0, below: 1 });
        if (known === 'square') this.number(raw, 'duty', at, { optional: true, above: 0, below: 1 });
        return;
      case 'ramp':
        this.number(raw, 'rate', at);
        this.range(raw, at);
        if ('atLimit' in raw && raw['atLimit'] !== 'wrap' && raw['atLimit'] !== 'clamp') {
          this.report(`${at}.atLimit`, `must be "wrap" or "clamp"; got ${show(raw['atLimit'])}`);
        }
        return;
      case 'randomWalk':
        this.number(raw, 'step', at, { min: 0 });
        this.range(raw, at);
        this.duration(raw, 'intervalMs', at, false, true);
        return;
      case 'noise':
        if (!('around' in raw))
          this.report(`${at}.around`, 'is missing: the value (or expression) to scatter around');
        else this.expression(raw['around'], `${at}.around`, 0);
        this.number(raw, 'amplitude', at, { min: 0 });
        this.duration(raw, 'intervalMs', at, false, true);
        return;
      case 'lag':
        if (!('target' in raw))
          this.report(`${at}.target`, 'is missing: the value (or expression) to follow');
        else this.expression(raw['target'], `${at}.target`, 0);
        this.duration(raw, 'timeConstantMs', at, true, true);
        this.number(raw, 'start', at, { optional: true });
        return;
      case 'integrator':
        if (!('rate' in raw))
          this.report(`${at}.rate`, 'is missing: the change per second (a number or an expression)');
        else this.expression(raw['rate'], `${at}.rate`, 0);
        this.range(raw, at);
        return;
    }
  }

  /** min and max (required, min <= max) and an optional start between them. */
  private range(raw: Record<string, unknown>, at: string): void {
    const min = this.number(raw, 'min', at);
    const max = this.number(raw, 'max', at);
    const start = this.number(raw, 'start', at, { optional: true });
    if (min === undefined || max === undefined) return;
    if (min > max) this.report(`${at}.min`, `${min} is above max ${max}; swap them`);
    else if (start !== undefined && (start < min || start > max)) {
      this.report(`${at}.start`, `${start} is outside min ${min} to max ${max}`);
    }
  }

  // --- conveyors ----------------------------------------------------------------------------

  private conveyor(raw: Record<string, unknown>, at: string): void {
    this.fields(raw, CONVEYOR_FIELDS, at);
    const name = raw['conveyor'];
    if (typeof name !== 'string' || name.trim() === '') {
      this.report(`${at}.conveyor`, `must be a non-empty string, the conveyor's name; got ${show(name)}`);
    } else if (this.conveyors.has(name)) {
      this.report(
        `${at}.conveyor`,
        `behaviours[${this.conveyors.get(name)!}] is already a conveyor named '${name}'; names must be unique`,
      );
    } else {
      this.conveyors.set(name, this.current);
    }
    const length = this.number(raw, 'length', at, { above: 0 });
    if (!('speed' in raw)) this.report(`${at}.speed`, 'is missing: metres per second while the belt runs');
    else {
      this.expression(raw['speed'], `${at}.speed`, 0);
      if (typeof raw['speed'] === 'number' && raw['speed'] < 0) {
        this.report(`${at}.speed`, `${raw['speed']} is negative; belts here run forwards only`);
      }
    }
    if ('runs' in raw) this.condition(raw['runs'], `${at}.runs`, 0);
    if ('feeder' in raw) this.feeder(raw['feeder'], `${at}.feeder`, length);
    this.list(raw, 'sensors', at, (s, p) => this.sensor(s, p, length));
    this.list(raw, 'exits', at, (e, p) => this.exit(e, p, name));
    this.list(raw, 'removers', at, (r, p) => {
      if (!isRecord(r)) return this.report(p, `must be an object {from, to, afterMs}; got ${kindOf(r)}`);
      this.fields(r, ['from', 'to', 'afterMs'], p);
      this.span(r, p, length);
      this.duration(r, 'afterMs', p, true);
    });
    if ('end' in raw && raw['end'] !== 'stop' && raw['end'] !== 'remove') {
      this.report(`${at}.end`, `must be "stop" or "remove"; got ${show(raw['end'])}`);
    }
  }

  private feeder(raw: unknown, at: string, length: number | undefined): void {
    if (!isRecord(raw)) return this.report(at, `must be an object; got ${kindOf(raw)}`);
    this.fields(raw, FEEDER_FIELDS, at);
    const items = raw['items'];
    if (
      items !== undefined &&
      !(Array.isArray(items) && items.length > 0 && items.every((s) => typeof s === 'string' && s !== ''))
    ) {
      this.report(`${at}.items`, `must be a non-empty array of item labels (strings); got ${show(items)}`);
    }
    if ('order' in raw && raw['order'] !== 'cycle' && raw['order'] !== 'random') {
      this.report(`${at}.order`, `must be "cycle" or "random"; got ${show(raw['order'])}`);
    }
    const itemLength = this.number(raw, 'itemLength', at, { optional: true, above: 0 });
    if (itemLength !== undefined && length !== undefined && itemLength > length) {
      this.report(`${at}.itemLength`, `${itemLength} is longer than the conveyor (${length})`);
    }
    this.number(raw, 'gap', at, { optional: true, min: 0 });
    this.duration(raw, 'intervalMs', at, false);
    this.duration(raw, 'firstAfterMs', at, false);
    this.count(raw, 'maxOnConveyor', at, 1);
    this.count(raw, 'total', at, 0);
    if ('when' in raw) this.condition(raw['when'], `${at}.when`, 0);
  }

  private sensor(raw: unknown, at: string, length: number | undefined): void {
    if (!isRecord(raw)) return this.report(at, `must be an object {tag, from, to}; got ${kindOf(raw)}`);
    this.fields(raw, SENSOR_FIELDS, at);
    const nc = raw['normallyClosed'];
    if (nc !== undefined && typeof nc !== 'boolean') {
      this.report(`${at}.normallyClosed`, `must be true or false; got ${show(nc)}`);
    }
    const tag = this.tag(raw['tag'], `${at}.tag`, 'write');
    if ('reads' in raw) this.readingSensor(raw, at, tag);
    else {
      if ('otherwise' in raw) {
        this.report(
          `${at}.otherwise`,
          'applies to a sensor with reads (a value per item label); add reads or remove otherwise',
        );
      }
      if (tag && tag.type !== 'Bit') {
        this.report(
          `${at}.tag`,
          `a conveyor sensor without reads is a Bit Input; '${tag.name}' is ${a(tag.type)}: add reads (its value per item label, as a vision sensor or a scale shows) or use a generator`,
        );
      } else if (tag) {
        this.written(tag, `${at}.tag`, 'sensor', nc === true);
      }
    }
    this.span(raw, at, length);
    const detects = raw['detects'];
    if (
      detects !== undefined &&
      !(Array.isArray(detects) && detects.length > 0 && detects.every((s) => typeof s === 'string'))
    ) {
      this.report(`${at}.detects`, `must be a non-empty array of item labels; got ${show(detects)}`);
    }
  }

  /** A sensor with `reads`: an Int or Float Input showing a number per item label. */
  private readingSensor(raw: Record<string, unknown>, at: string, tag: TagDefinition | undefined): void {
    for (const key of ['detects', 'normallyClosed'] as const) {
      if (key in raw) {
        this.report(
          `${at}.${key}`,
          `does not apply to a sensor with reads, which shows a value per item label (otherwise for the rest); remove it`,
        );
      }
    }
    const reads = raw['reads'];
    const fits = tag !== undefined && tag.type !== 'Bit';
    if (tag?.type === 'Bit') {
      this.report(
        `${at}.reads`,
        `reads gives an Int or Float Input a value per item label; '${tag.name}' is a Bit: remove reads (a Bit sensor is on while it sees an item; detects limits which)`,
      );
    }
    const listed = isRecord(reads) && Object.keys(reads).length > 0;
    if (!listed) {
      const got = isRecord(reads) ? 'an empty object' : kindOf(reads);
      this.report(
        `${at}.reads`,
        `must be an object of item labels and their values, e.g. {"blue lid": 2}; got ${got}`,
      );
    } else {
      for (const [label, value] of Object.entries(reads)) {
        const path = `${at}.reads[${JSON.stringify(label)}]`;
        if (label === '') this.report(path, 'an item label must not be empty');
        else if (fits) this.reading(value, path, tag);
        else if (!isFiniteNumber(value)) this.report(path, `must be a number; got ${show(value)}`);
      }
    }
    if ('otherwise' in raw) {
      if (fits) this.reading(raw['otherwise'], `${at}.otherwise`, tag);
      else if (!isFiniteNumber(raw['otherwise']))
        this.report(`${at}.otherwise`, `must be a number; got ${show(raw['otherwise'])}`);
    }
    if (fits && listed) this.written(tag, `${at}.tag`, 'sensor', false, true);
  }

  /** A value a reading sensor shows: a number that the tag holds as it is. */
  private reading(value: unknown, path: string, tag: TagDefinition): void {
    if (!isFiniteNumber(value)) return this.report(path, `must be a number; got ${show(value)}`);
    if (tag.type === 'Int' && !Number.isInteger(value)) {
      return this.report(path, `${value} is not a whole number, and '${tag.name}' is an Int`);
    }
    const low = tag.type === 'Int' ? INT32_MIN : -FLOAT32_MAX;
    const high = tag.type === 'Int' ? INT32_MAX : FLOAT32_MAX;
    const min = Math.max(low, tag.min ?? low);
    const max = Math.min(high, tag.max ?? high);
    if (value < min || value > max) {
      this.report(path, `${value} is outside what '${tag.name}' holds (${min} to ${max})`);
    }
  }

  private exit(raw: unknown, at: string, from: unknown): void {
    if (!isRecord(raw)) return this.report(at, `must be an object {to, when}; got ${kindOf(raw)}`);
    this.fields(raw, ['to', 'when'], at);
    const to = raw['to'];
    if (typeof to !== 'string' || to === '') {
      this.report(`${at}.to`, `must name a conveyor; got ${show(to)}`);
    } else {
      this.exits.push({ at: this.current, path: `${at}.to`, to, from });
    }
    if ('when' in raw) this.condition(raw['when'], `${at}.when`, 0);
  }

  /** from and to: 0 <= from <= to <= length. */
  private span(raw: Record<string, unknown>, at: string, length: number | undefined): void {
    const from = this.number(raw, 'from', at, { min: 0 });
    const to = this.number(raw, 'to', at, { min: 0 });
    if (from === undefined || to === undefined) return;
    if (from > to) this.report(`${at}.from`, `${from} is beyond to ${to}; swap them`);
    else if (length !== undefined && to > length) {
      this.report(`${at}.to`, `${to} is beyond the end of the conveyor (length ${length})`);
    }
  }

  // --- shared pieces ------------------------------------------------------------------------

  /** Resolves a tag reference, reporting why it names no usable tag. */
  private tag(ref: unknown, at: string, use: RefUse): TagDefinition | undefined {
    const found = resolveTagRef(ref, this.index, use);
    if (found.ok) return found.tag;
    this.report(at, found.message);
    return undefined;
  }

  /** Records a (well-typed) write for the checks across behaviours. */
  private written(
    tag: TagDefinition,
    at: string,
    by: Write['by'],
    normallyClosed?: boolean,
    reads = false,
  ): void {
    const entry = this.writes.get(tag.id) ?? { tag, writes: [] };
    entry.writes.push({
      at: this.current,
      path: at,
      by,
      ...(by === 'sensor' ? { normallyClosed, reads } : {}),
    });
    this.writes.set(tag.id, entry);
  }

  private list(
    raw: Record<string, unknown>,
    key: string,
    at: string,
    each: (item: unknown, path: string) => void,
  ): void {
    const list = raw[key];
    if (list === undefined) return;
    if (!Array.isArray(list)) this.report(`${at}.${key}`, `must be an array; got ${kindOf(list)}`);
    else list.forEach((item, j) => each(item, `${at}.${key}[${j}]`));
  }

  private number(
    raw: Record<string, unknown>,
    key: string,
    at: string,
    rule: { optional?: boolean; min?: number; above?: number; below?: number } = {},
  ): number | undefined {
    const value = raw[key];
    if (value === undefined) {
      if (!rule.optional) this.report(`${at}.${key}`, 'is missing: a number');
      return undefined;
    }
    if (!isFiniteNumber(value)) {
      this.report(`${at}.${key}`, `must be a number; got ${show(value)}`);
      return undefined;
    }
    if (rule.min !== undefined && value < rule.min) {
      this.report(`${at}.${key}`, `${value} is below ${rule.min}`);
    } else if (rule.above !== undefined && value <= rule.above) {
      this.report(`${at}.${key}`, `must be above ${rule.above}; got ${value}`);
    } else if (rule.below !== undefined && value >= rule.below) {
      this.report(`${at}.${key}`, `must be below ${rule.below}; got ${value}`);
    } else {
      return value;
    }
    return undefined;
  }

  /** A time in milliseconds: a number >= 0 (or > 0 when `positive`). */
  private duration(
    raw: Record<string, unknown>,
    key: string,
    at: string,
    required: boolean,
    positive = false,
  ): void {
    this.number(raw, key, at, { optional: !required, ...(positive ? { above: 0 } : { min: 0 }) });
  }

  private count(raw: Record<string, unknown>, key: string, at: string, min: number): void {
    const value = raw[key];
    if (value === undefined) return;
    if (!isFiniteNumber(value) || !Number.isInteger(value) || value < min) {
      this.report(`${at}.${key}`, `must be a whole number of at least ${min}; got ${show(value)}`);
    }
  }

  private optionalName(raw: Record<string, unknown>, at: string): void {
    if ('name' in raw && typeof raw['name'] !== 'string') {
      this.report(`${at}.name`, `must be a string; got ${show(raw['name'])}`);
    }
  }

  /** Reports each field that is not `known`; `why` gives a better reason for some of them. */
  private fields(
    raw: Record<string, unknown>,
    known: readonly string[],
    at: string,
    why: Readonly<Record<string, string>> = {},
  ): void {
    for (const key of Object.keys(raw)) {
      if (known.includes(key)) continue;
      this.report(
        `${at}.${key}`,
        why[key] ?? `unknown field; remove it (known fields here: ${known.join(', ')})`,
      );
    }
  }

  private report(path: string, message: string): void {
    this.reportAt(this.current, path, message);
  }

  private reportAt(at: number, path: string, message: string): void {
    this.bad.add(at);
    this.problems.push({ path, message });
  }
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function a(type: string): string {
  return type === 'Int' ? 'an Int' : `a ${type}`;
}

/** As the other file validators say it, but an empty list is told apart: `then` must not be one. */
function kindOf(value: unknown): string {
  return Array.isArray(value) && value.length === 0 ? 'an empty array' : jsonKindOf(value);
}
