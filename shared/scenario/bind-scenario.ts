import { bindCondition } from '../conditions/check-condition.js';
import { CONDITION_SHAPE } from '../conditions/condition-schema.js';
import { describeCondition } from '../conditions/describe-condition.js';
import { findTag, TagIndex, type TagRef } from '../conditions/tag-refs.js';
import { convertTo } from '../core/convert.js';
import type { SceneDefinition } from '../scenes/scene-definition.js';
import type { TagValue } from '../core/tag-types.js';
import { show } from '../problems/json-words.js';
import { type PlacedProblem, ValidationError } from '../problems/problem-list.js';
import { placeProblems } from '../schema/shape-paths.js';
import type { BoundScenario, BoundStep, BoundTag, Scenario } from './scenario-types.js';

type Report = (path: string, message: string) => void;

/**
 * Resolves a scenario's tag references against the scene it will run on and converts its values
 * to the tags' types. Throws a ValidationError listing every problem with its place
 * (`steps[3].set: no tag is named 'Palet sensor' in this scene; did you mean 'Pallet sensor'?`).
 */
export function bindScenario(scenario: Scenario, scene: SceneDefinition, source?: string): BoundScenario {
  const problems: PlacedProblem[] = [];
  const report: Report = (path, message) => void problems.push({ path, message });
  const tags = new TagIndex(scene.tags);
  const steps: BoundStep[] = [];
  scenario.steps.forEach((step, index) => {
    const before = problems.length;
    const base = { path: step.path, index, time: step.time };
    let bound: BoundStep | undefined;
    switch (step.kind) {
      case 'set':
      case 'force': {
        const tag = resolve(tags, step.tag, step.kind === 'set', `${step.path}.${step.kind}`, report);
        const value = tag && convertValue(tag, step.value, `${step.path}.value`, report);
        if (tag && value !== undefined) bound = { ...base, kind: step.kind, tag, value };
        break;
      }
      case 'release':
      case 'fail': {
        const tag = resolve(tags, step.tag, false, `${step.path}.${step.kind}`, report);
        if (tag)
          bound =
            step.kind === 'fail'
              ? { ...base, kind: 'fail', tag, mode: step.mode }
              : { ...base, kind: 'release', tag };
        break;
      }
      case 'waitFor':
      case 'expect': {
        const at = `${step.path}.${step.kind}`;
        const { bound: condition, problems: found } = bindCondition(step.condition, tags);
        problems.push(...placeProblems(CONDITION_SHAPE, step.condition, at, found));
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
      case 'chaos':
        bound = { ...base, kind: 'chaos', rules: step.rules };
        break;
    }
    if (bound && problems.length === before) steps.push(bound);
  });
  if (problems.length > 0) {
    throw new ValidationError(problems, source, `scenario for the scene "${scene.name}"`);
  }
  return { name: scenario.name, sceneName: scene.name, timeoutMs: scenario.timeoutMs, steps };
}

/** Finds a step's tag; a `set` writes the plant's side, so it takes an Input only. */
function resolve(
  tags: TagIndex,
  ref: TagRef,
  set: boolean,
  path: string,
  report: Report,
): BoundTag | undefined {
  const found = findTag(ref, tags, set ? 'Input' : undefined);
  if (!found.ok) {
    report(path, found.message);
    return undefined;
  }
  if (set && found.tag.kind === 'Output') {
    report(
      path,
      `'${found.tag.name}' is an Output, which the client under test writes; to override what it writes, use force`,
    );
    return undefined;
  }
  return { def: found.tag, label: tags.label(found.tag) };
}

function convertValue(tag: BoundTag, value: TagValue, path: string, report: Report): TagValue | undefined {
  const converted = convertTo(tag.def.type, value);
  if (converted === undefined) {
    report(path, `${show(value)} is not a valid ${tag.def.type} value for '${tag.def.name}'`);
  }
  return converted;
}
