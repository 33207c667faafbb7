// The forces a scene keeps (its emitters and removers forced on, docs/fidelity.md, "Emitters")
// are the scene, not an instructor's fault: the dashboard does not list them, and "clear all
// faults" puts them back rather than releasing them, while a fault on such a tag is listed.
import { describe, expect, it } from 'vitest';
import { HiddenFaults } from '../../shared/lab/hidden-faults.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { InstructorFaults } from '../../shared/lab/instructor-faults.js';
import { activeFaults, clearAllFaults } from '../../shared/lab/lab-fault.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';

describe("a station's faults and the forces its scene keeps", () => {
  it('lists no fault at rest, an emitter forced off as one, and clears back to the scene', () => {
    const engine = new TagEngine(builtinScene('Sorting by Height (Basic)')!);
    const hidden = new HiddenFaults();
    expect(activeFaults(engine, hidden)).toEqual([]);
    expect(engine.write('force', 'name', [{ name: 'Emitter', value: false }], 'ui')).toEqual([]);
    expect(engine.release('name', ['Remover left'], 'ui')).toEqual([]);
    expect(activeFaults(engine, hidden).map((f) => [f.name, f.forced])).toEqual([
      ['Emitter', false],
      ['Remover left', undefined],
    ]);
    clearAllFaults(engine, { hidden, instructor: new InstructorFaults() });
    expect(activeFaults(engine, hidden)).toEqual([]);
    for (const name of ['Emitter', 'Remover left', 'Remover right'])
      expect(engine.tagsNamed(name)[0]).toMatchObject({ isForced: true, value: true });
  });
});
