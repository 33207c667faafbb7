import { convertTo } from '../core/convert.js';
import type { SceneDefinition } from '../core/scene.js';
import type { TagDefinition, TagValue } from '../core/tag-types.js';
import { type SceneProblem, SceneValidationError } from '../scenes/scene-problems.js';
import { describeCondition, formatValue } from './conditions.js';
import type {
  BoundCondition,
  BoundScenario,
  BoundStep,
  BoundTag,
  Condition,
  Scenario,
  TagRef,
} from './scenario-types.js';

type Report = (path: string, message: string) => void;

/** What a step does with a tag: `set` writes the plant's side, so it takes Inputs only. */
type Use = 'set' | 'control' | 'read';

/**
 * Resolves a scenario's tag references against the scene it will run on and converts its values
 * to the tags' types. Throws a SceneValidationError listing every problem with its place
 * (`steps[3].set: no tag is named 'Palet sensor' in this scene; did you mean 'Pallet sensor'?`).
 */
export function bindScenario(scenario: Scenario, scene: SceneDefinition, source?: string): BoundScenario {
  const problems: SceneProblem[] = [];
  const report: Report = (path, message) => void problems.push({ path, message });
  const tags = new SceneTags(scene.tags);
  const steps: BoundStep[] = [];
  scenario.steps.forEach((step, index) => {
    const before = problems.length;
    const base = { path: step.path, index, time: step.time };
    let bound: BoundStep | undefined;
    switch (step.kind) {
      case 'set':
      case 'force': {
        const tag = tags.resolve(
          step.tag,
          step.kind === 'set' ? 'set' : 'control',
          `${step.path}.${step.kind}`,
          report,
        );
        const value = tag && convertValue(tag, step.value, `${step.path}.value`, report);
        if (tag && value !== undefined) bound = { ...base, kind: step.kind, tag, value };
        break;
      }
      case 'release': {
        const tag = tags.resolve(step.tag, 'control', `${step.path}.release`, report);
        if (tag) bound = { ...base, kind: 'release', tag };
        break;
      }
      case 'fail': {
        const tag = tags.resolve(step.tag, 'control', `${step.path}.fail`, report);
        if (tag) bound = { ...base, kind: 'fail', tag, mode: step.mode };
        break;
      }
      case 'waitFor':
      case 'expect': {
        const condition = bindCondition(step.condition, `${step.path}.${step.kind}`, tags, report);
        if (!condition) break;
        const words = step.kind === 'waitFor' ? 'wait for' : 'expect';
        const name = step.name ?? `${step.path}: ${words} ${describeCondition(condition)}`;
        const named = step.name !== undefined;
        bound =
          step.kind === 'waitFor'
            ? { ...base, kind: 'waitFor', name, named, condition, timeoutMs: step.timeoutMs }
            : { ...base, kind: 'expect', name, named, condition, forMs: step.forMs };
        break;
      }
      case 'log':
        bound = { ...base, kind: 'log', message: step.message };
        break;
    }
    if (bound && problems.length === before) steps.push(bound);
  });
  if (problems.length > 0) {
    throw new SceneValidationError(problems, source, `scenario for the scene "${scene.name}"`);
  }
  return { name: scenario.name, sceneName: scene.name, timeoutMs: scenario.timeoutMs, steps };
}

function bindCondition(
  c: Condition,
  path: string,
  tags: SceneTags,
  report: Report,
): BoundCondition | undefined {
  const forMs = 'forMs' in c ? (c.forMs ?? 0) : 0;
  if ('always' in c) return { type: 'always' };
  if ('rising' in c || 'falling' in c) {
    const rising = 'rising' in c;
    const key = rising ? 'rising' : 'falling';
    const tag = tags.resolve(rising ? c.rising : c.falling, 'read', `${path}.${key}`, report);
    if (!tag) return undefined;
    if (tag.def.type !== 'Bit') {
      report(
        `${path}.${key}`,
        `an edge applies to Bit tags; '${tag.def.name}' is an ${tag.def.type}: compare it instead`,
      );
      return undefined;
    }
    return { type: 'edge', tag, rising };
  }
  if ('all' in c || 'any' in c) {
    const type = 'all' in c ? 'all' : 'any';
    const list = 'all' in c ? c.all : c.any;
    const parts = list.map((p, i) => bindCondition(p, `${path}.${type}[${i}]`, tags, report));
    if (parts.some((p) => p === undefined)) return undefined;
    return { type, parts: parts as BoundCondition[], forMs };
  }
  if ('not' in c) {
    const inner = bindCondition(c.not, `${path}.not`, tags, report);
    return inner && { type: 'not', inner, forMs };
  }
  const tag = tags.resolve(c.tag, 'read', `${path}.tag`, report);
  if (!tag) return undefined;
  let ok = true;
  const value = (key: 'equals' | 'notEquals'): TagValue | undefined => {
    const given = c[key];
    if (given === undefined) return undefined;
    const converted = convertValue(tag, given, `${path}.${key}`, report);
    if (converted === undefined) ok = false;
    return converted;
  };
  const equals = value('equals');
  const notEquals = value('notEquals');
  if (tag.def.type === 'Bit') {
    for (const key of ['gt', 'ge', 'lt', 'le'] as const) {
      if (c[key] === undefined) continue;
      report(`${path}.${key}`, `compares numbers; '${tag.def.name}' is a Bit: use equals true or false`);
      ok = false;
    }
  }
  if (!ok) return undefined;
  return { type: 'compare', tag, equals, notEquals, gt: c.gt, ge: c.ge, lt: c.lt, le: c.le, forMs };
}

function convertValue(tag: BoundTag, value: TagValue, path: string, report: Report): TagValue | undefined {
  const converted = convertTo(tag.def.type, value);
  if (converted === undefined) {
    report(path, `${formatValue(value)} does not fit '${tag.def.name}', an ${tag.def.type}`);
  }
  return converted;
}

/** The scene's tags, indexed the ways a scenario names them. */
class SceneTags {
  private readonly byId = new Map<string, TagDefinition>();
  private readonly byName = new Map<string, TagDefinition[]>();

  constructor(private readonly tags: readonly TagDefinition[]) {
    for (const tag of tags) {
      this.byId.set(tag.id, tag);
      const named = this.byName.get(tag.name);
      if (named) named.push(tag);
      else this.byName.set(tag.name, [tag]);
    }
  }

  resolve(ref: TagRef, use: Use, path: string, report: Report): BoundTag | undefined {
    const tag = this.find(ref, use, path, report);
    if (!tag) return undefined;
    if (use === 'set' && tag.kind === 'Output') {
      report(
        path,
        `'${tag.name}' is an Output, which the client under test writes; to override what it writes, use force`,
      );
      return undefined;
    }
    return { def: tag, label: this.label(tag) };
  }

  /** The name, with the kind when an Input and an Output share it. */
  private label(tag: TagDefinition): string {
    const named = this.byName.get(tag.name) ?? [];
    return named.length > 1 ? `${tag.name} (${tag.kind})` : tag.name;
  }

  private find(ref: TagRef, use: Use, path: string, report: Report): TagDefinition | undefined {
    if (typeof ref !== 'string' && 'id' in ref) {
      const tag = this.byId.get(ref.id);
      if (!tag) report(path, `no tag has the id '${ref.id}' in this scene`);
      return tag;
    }
    const name = typeof ref === 'string' ? ref : ref.name;
    const kind = typeof ref === 'string' ? undefined : ref.kind;
    const all = this.byName.get(name) ?? [];
    if (all.length === 0) {
      const wanted = name.trim().toLowerCase();
      const near = this.tags.find((t) => t.name.toLowerCase() === wanted);
      report(
        path,
        `no tag is named '${name}' in this scene${near ? `; did you mean '${near.name}'?` : ' (names are case-sensitive)'}`,
      );
      return undefined;
    }
    // Without a kind, a set means the Input of that name (a scenario sets the plant's side).
    const wanted = kind ?? (use === 'set' && all.some((t) => t.kind === 'Input') ? 'Input' : undefined);
    const matching = wanted === undefined ? all : all.filter((t) => t.kind === wanted);
    if (matching.length === 1) return matching[0];
    if (matching.length === 0) {
      const other = all[0]!;
      report(
        path,
        `'${name}' is an ${other.kind}, not an ${wanted}; use {"name": "${name}", "kind": "${other.kind}"}`,
      );
      return undefined;
    }
    if (new Set(matching.map((t) => t.kind)).size > 1) {
      report(
        path,
        `'${name}' names an Input and an Output; say which, e.g. {"name": "${name}", "kind": "Output"}`,
      );
      return undefined;
    }
    report(
      path,
      `${matching.length} ${matching[0]!.kind} tags are named '${name}'; refer to one by id, e.g. {"id": "${matching[0]!.id}"}`,
    );
    return undefined;
  }
}
