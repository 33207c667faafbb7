import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { bindScenario } from '../../shared/scenario/bind-scenario.js';
import { parseScenarioFile } from '../../shared/scenario/scenario-file.js';

// The example scenario of docs/simulation.md is a valid scenario for the scene it names.

const docs = readFileSync(new URL('../../docs/simulation.md', import.meta.url), 'utf8');

describe('the scenario example of docs/simulation.md', () => {
  it('reads and binds to its scene', () => {
    const block = /<!-- example: scenario -->\s*```json\n([\s\S]*?)\n```/.exec(docs)?.[1];
    expect(block).toBeDefined();
    const scenario = parseScenarioFile(block!, 'docs example');
    const scene = builtinScene(scenario.scene!)!;
    expect(scene).toBeDefined();
    const bound = bindScenario(scenario, scene, 'docs example');
    expect(bound.steps.map((s) => s.kind)).toEqual([
      'log',
      'waitFor',
      'waitFor',
      'fail',
      'fail',
      'force',
      'release',
      'waitFor',
      'expect',
      'expect',
    ]);
  });
});
