// A scene from the answer of GET /api/tags of a running simulator: ids kept, what TagSim must
// decide noted, what it cannot serve reported.
import { describe, expect, it } from 'vitest';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { sceneFromApiTags } from '../../shared/scenes/api-import.js';
import { builtinScene, builtinTagId } from '../../shared/scenes/builtin-scenes.js';
import { formatProblem, ValidationError } from '../../shared/problems/problem-list.js';

const answerOf = (name: string) => JSON.parse(JSON.stringify(new TagEngine(builtinScene(name)!).listTags()));

function problems(answer: unknown): string[] {
  try {
    sceneFromApiTags(answer, { sceneName: 'S' });
  } catch (error) {
    if (error instanceof ValidationError) return error.problems.map(formatProblem);
    throw error;
  }
  throw new Error('accepted');
}

describe('sceneFromApiTags', () => {
  it('gives back a built-in scene from its own answer, ids and order included', () => {
    const { scene, notes } = sceneFromApiTags(answerOf('Assembler'), { sceneName: 'Assembler' });
    expect(notes).toEqual([]);
    // The answer holds the tags only; the built-in scene's plant is not part of it.
    expect(scene).toEqual({ name: 'Assembler', tags: builtinScene('Assembler')!.tags });
  });

  it("moves a tag at a reserved address (a simulator's own tag TagSim does not know), keeping its id", () => {
    const answer = answerOf('Filling Tank');
    answer.push({ ...answer[0], name: 'Camera', id: 'cam-1', kind: 'Output', type: 'Int', address: 240 });
    const { scene, notes } = sceneFromApiTags(answer, { sceneName: 'Tank' });
    expect(scene.tags.at(-1)).toEqual({
      id: 'cam-1',
      name: 'Camera',
      kind: 'Output',
      type: 'Int',
      address: 1, // Filling Tank has an Output Int at 0
    });
    expect(notes).toEqual([
      `tags[${answer.length - 1}]: 'Camera' has Int address 240, outside the user range 0-239; it gets Output Int 1`,
    ]);
  });

  it('adds system tags the answer lacks, with name-based ids', () => {
    const answer = answerOf('Filling Tank').filter((t: { name: string }) => t.name !== 'FACTORY I/O (Pause)');
    const { scene, notes } = sceneFromApiTags(answer, { sceneName: 'Tank' });
    expect(scene.tags.at(-1)).toEqual({
      id: builtinTagId('Tank', 'Output', 'Bit', 'FACTORY I/O (Pause)'),
      name: 'FACTORY I/O (Pause)',
      kind: 'Output',
      type: 'Bit',
      address: 497,
    });
    expect(notes).toEqual(["added the system tag it lacks: 'FACTORY I/O (Pause)' (Output)"]);
  });

  it('reports what it cannot serve: not a list, malformed tags, duplicate ids', () => {
    expect(problems({ tags: [] })).toEqual([
      '(answer): is not a list of tags; is this the FACTORY I/O Web API?',
    ]);
    const answer = answerOf('Filling Tank');
    answer[0].kind = 'Sensor';
    answer[1] = 'x';
    answer[3].id = answer[2].id;
    expect(problems(answer)).toEqual([
      'tags[0].kind: must be Input or Output; got "Sensor"',
      'tags[1]: is not a tag object',
    ]);
    const dup = answerOf('Filling Tank');
    dup[3].id = dup[2].id;
    expect(problems(dup)).toEqual([
      `tags[3].id: '${dup[2].id}' is already the id of tags[2]; ids must be unique`,
    ]);
  });
});
