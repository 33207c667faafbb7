// The tag references of behaviours: every place the model names a tag is found, a renamed tag is
// followed there (and only there), and the behaviours that use a tag are known.
import { describe, expect, it } from 'vitest';
import type { Behaviour } from '../../shared/sim/behaviour-types.js';
import {
  behavioursUsingTag,
  followTagChange,
  mapBehaviourTagRefs,
} from '../../shared/sim/behaviour-tag-refs.js';
import { validateBehaviours } from '../../shared/sim/validate-behaviours.js';
import { testScene } from './plc.js';

const scene = testScene([
  ['Fill valve', 'Float', 'Output'],
  ['Heater', 'Bit', 'Output'],
  ['Belt', 'Bit', 'Output'],
  ['Level', 'Float', 'Input'],
  ['Temperature', 'Float', 'Input'],
  ['Box at end', 'Bit', 'Input'],
  ['Boxes', 'Int', 'Input'],
]);
const tag = (name: string) => scene.tags.find((t) => t.name === name)!;

const PLANT: Behaviour[] = [
  {
    generate: { name: 'Level', kind: 'Input' },
    signal: 'integrator',
    rate: { sum: [{ tag: 'Fill valve', scale: 0.5 }, -0.1] },
    min: 0,
    max: 10,
  },
  {
    generate: 'Temperature',
    signal: 'lag',
    target: { if: { not: { tag: 'Heater', equals: false } }, then: 60, else: { tag: 'Level', offset: 20 } },
    timeConstantMs: 1000,
  },
  {
    conveyor: 'belt',
    length: 3,
    speed: 0.4,
    runs: { all: [{ tag: 'Belt', equals: true }, { any: [{ tag: 'Level', lt: 9 }] }] },
    feeder: { items: ['box'], when: { tag: 'Heater', equals: true, forMs: 100 } },
    sensors: [{ tag: 'Box at end', from: 2.8, to: 3 }],
    exits: [{ to: 'out', when: { falling: 'Heater' } }],
  },
  { conveyor: 'out', length: 1, speed: 0.4, end: 'remove' },
  { when: { rising: 'Box at end' }, then: [{ increment: 'Boxes' }], delayMs: 10 },
];

describe('tag references of behaviours', () => {
  it('finds every place a tag is named, with its use', () => {
    expect(validateBehaviours(PLANT, scene.tags).problems).toEqual([]);
    const seen: string[] = [];
    const copy = mapBehaviourTagRefs(PLANT, ({ ref, use, behaviour }) => {
      seen.push(`${behaviour} ${use} ${typeof ref === 'string' ? ref : JSON.stringify(ref)}`);
      return ref;
    });
    expect(copy).toEqual(PLANT);
    expect(seen).toEqual([
      '0 write {"name":"Level","kind":"Input"}',
      '0 read Fill valve',
      '1 write Temperature',
      '1 read Heater',
      '1 read Level',
      '2 read Belt',
      '2 read Level',
      '2 read Heater',
      '2 write Box at end',
      '2 read Heater',
      '4 read Box at end',
      '4 write Boxes',
    ]);
  });

  it('knows which behaviours use a tag', () => {
    expect(behavioursUsingTag(PLANT, scene.tags, tag('Level').id)).toEqual([0, 1, 2]);
    expect(behavioursUsingTag(PLANT, scene.tags, tag('Heater').id)).toEqual([1, 2]);
    expect(behavioursUsingTag(PLANT, scene.tags, tag('Boxes').id)).toEqual([4]);
    expect(behavioursUsingTag(PLANT, scene.tags, 'nobody')).toEqual([]);
  });

  it('follows a renamed tag everywhere, and nothing else', () => {
    const level = tag('Level');
    const renamed = followTagChange(PLANT, scene.tags, level, { name: 'Tank level', kind: 'Input' });
    const text = JSON.stringify(renamed);
    expect(text).not.toContain('"Level"');
    expect(text.match(/Tank level/g)).toHaveLength(3);
    expect(renamed[0]).toMatchObject({ generate: { name: 'Tank level', kind: 'Input' } });
    const tags = scene.tags.map((t) => (t.id === level.id ? { ...t, name: 'Tank level' } : t));
    expect(validateBehaviours(renamed, tags).problems).toEqual([]);
    // The original is untouched.
    expect(JSON.stringify(PLANT)).toContain('"Level"');
  });
});
