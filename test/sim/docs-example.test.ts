// docs/simulation.md shows a complete behaviours array: this test keeps it valid and working.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Behaviour } from '../../shared/sim/behaviour-types.js';
import { validateBehaviours } from '../../shared/sim/validate-behaviours.js';
import { Bench, testScene } from './plc.js';

const TAGS = [
  ['Fill valve', 'Bit', 'Output'],
  ['Drain valve', 'Bit', 'Output'],
  ['Heater', 'Bit', 'Output'],
  ['Belt', 'Bit', 'Output'],
  ['Level', 'Float', 'Input'],
  ['Temperature', 'Float', 'Input'],
  ['High level', 'Bit', 'Input'],
  ['Start button', 'Bit', 'Input'],
  ['Box at end', 'Bit', 'Input'],
  ['Boxes', 'Int', 'Input'],
] as const;

function example(): unknown {
  const doc = readFileSync(new URL('../../docs/simulation.md', import.meta.url), 'utf8');
  const match = /<!-- example: behaviours -->\s*```json\n([\s\S]*?)```/.exec(doc);
  if (!match) throw new Error('docs/simulation.md has no example block');
  return JSON.parse(match[1]!);
}

describe('the example of docs/simulation.md', () => {
  it('is valid for the tags the text lists', () => {
    expect(validateBehaviours(example(), testScene(TAGS).tags).problems).toEqual([]);
  });

  it('runs: the tank fills, the switch trips, Start is pressed, boxes are counted', () => {
    const bench = Bench.custom(TAGS, example() as Behaviour[]);
    let started = false;
    bench.runFor((io) => {
      if (io.in('Start button') === true) started = true;
      io.set('Fill valve', started && io.in('High level') !== true);
      io.set('Heater', true);
      io.set('Belt', io.in('Box at end') !== true);
    }, 30_000);
    expect(started).toBe(true);
    expect(bench.io.in('High level')).toBe(true);
    expect(bench.io.in('Level')).toBeGreaterThan(8.9);
    expect(bench.io.in('Temperature')).toBeGreaterThan(30);
    expect(bench.io.in('Boxes')).toBeGreaterThanOrEqual(3);
  });
});
