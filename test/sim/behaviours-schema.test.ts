// The JSON Schema of the behaviours array: strict for Ajv, accepts what validateBehaviours accepts
// (the built-in plants, the docs' example) and rejects what a schema can see is wrong.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { behavioursJsonSchema } from '../../shared/sim/behaviours-schema.js';
import { builtinPlant, SCENES_WITH_PLANTS } from '../../shared/scenes/builtin/builtin-plants.js';

const { property, definitions } = behavioursJsonSchema();
const schema = { $schema: 'http://json-schema.org/draft-07/schema#', ...property, definitions };
const validate = new Ajv({ allErrors: true, strict: true, strictTypes: false }).compile(schema);

function docsExample(): unknown {
  const doc = readFileSync(new URL('../../docs/simulation.md', import.meta.url), 'utf8');
  return JSON.parse(/<!-- example: behaviours -->\s*```json\n([\s\S]*?)```/.exec(doc)![1]!);
}

describe('the JSON Schema of behaviours', () => {
  it('accepts the built-in plants and the example of docs/simulation.md', () => {
    for (const name of SCENES_WITH_PLANTS) expect(validate(builtinPlant(name)!.behaviours), name).toBe(true);
    expect(validate(docsExample())).toBe(true);
    expect(validate([])).toBe(true);
  });

  it('accepts a sensor that reads a value per item label', () => {
    expect(validate([readingSensor({})])).toBe(true);
    expect(validate([readingSensor({ otherwise: -1 })])).toBe(true);
  });

  it.each([
    ['an unknown field', [{ when: { always: true }, then: [{ toggle: 'A' }], priority: 1 }]],
    ['an action with two verbs', [{ when: { always: true }, then: [{ toggle: 'A', set: 'A', value: 1 }] }]],
    ['a comparison without operator', [{ when: { tag: 'A' }, then: [{ toggle: 'A' }] }]],
    ['an unknown signal', [{ generate: 'A', signal: 'cosine' }]],
    ['a field of another signal', [{ generate: 'A', signal: 'constant', value: 1, amplitude: 1 }]],
    ['a negative period', [{ generate: 'A', signal: 'sine', amplitude: 1, periodMs: -5 }]],
    ['a conveyor without speed', [{ conveyor: 'a', length: 1 }]],
    ['a bad tag reference', [{ when: { rising: { name: 'A', kind: 'input' } }, then: [{ toggle: 'A' }] }]],
    ['not an array', { when: { always: true } }],
    ['a reading sensor with a text value', [readingSensor({ reads: { lid: 'two' } })]],
    ['a reading sensor with no labels', [readingSensor({ reads: {} })]],
    ['a reading sensor that is normally closed', [readingSensor({ normallyClosed: true })]],
    ['otherwise without reads', [readingSensorConveyor({ tag: 'S', from: 0, to: 1, otherwise: 0 })]],
  ])('rejects %s', (_what, json) => {
    expect(validate(json)).toBe(false);
  });
});

/** A conveyor with one sensor: a vision sensor reading lid 2, base 3, and `extra`. */
function readingSensor(extra: Record<string, unknown>): unknown {
  return readingSensorConveyor({ tag: 'Vision', from: 1, to: 1.5, reads: { lid: 2, base: 3 }, ...extra });
}

function readingSensorConveyor(sensor: Record<string, unknown>): unknown {
  return { conveyor: 'a', length: 2, speed: 0.5, sensors: [sensor] };
}
