import type { SceneDefinition } from './scene-definition.js';
import { TAG_KINDS, TAG_TYPES, type TagKind, type TagType, type TagValue } from '../core/tag-types.js';
import { assembleScene, type ImportedTag } from './scene-assemble.js';
import { type PlacedProblem, ValidationError } from '../problems/problem-list.js';

/**
 * Builds a scene from the answer of `GET /api/tags` of a running simulator (the real one or
 * another TagSim), keeping each tag's id, name, kind, type and address, so that a client set up
 * against that simulator works against TagSim unchanged. System tags are kept as they come; the
 * scene decisions of `assembleScene` apply (a tag at an address TagSim reserves moves to a free
 * one, missing system tags are added), each with a note.
 *
 * Initial values: the API does not show them, so tags start OFF (the Time Scale at 1), as after a
 * reset of the simulator; with `values`, each tag starts from the value it has now instead (but a
 * forced tag, whose value is its force: the value under it is not shown). A tag the simulator
 * shows forced starts forced to that value (`forced`, `forcedValue`), as the simulator saves forces with its
 * scene: the emitters and removers its scenes keep on.
 * Throws a ValidationError when the answer is not a tag list TagSim can serve.
 */
export function sceneFromApiTags(
  answer: unknown,
  options: { sceneName: string; values?: boolean; source?: string },
): { scene: SceneDefinition; notes: string[] } {
  const problems: PlacedProblem[] = [];
  const fail = (): never => {
    throw new ValidationError(problems, options.source, 'tag list (GET /api/tags)');
  };
  if (!Array.isArray(answer)) {
    problems.push({ path: '(answer)', message: 'is not a list of tags; is this the FACTORY I/O Web API?' });
    fail();
  }
  const imported: ImportedTag[] = [];
  (answer as unknown[]).forEach((raw, i) => {
    const where = `tags[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      problems.push({ path: where, message: 'is not a tag object' });
      return;
    }
    const { id, name, kind, type, address, value, isForced, forcedValue } = raw as Record<string, unknown>;
    const before = problems.length;
    if (typeof id !== 'string' || id.trim() === '')
      problems.push({ path: `${where}.id`, message: 'must be a string' });
    if (typeof name !== 'string') problems.push({ path: `${where}.name`, message: 'must be a string' });
    if (!(TAG_KINDS as readonly unknown[]).includes(kind))
      problems.push({
        path: `${where}.kind`,
        message: `must be Input or Output; got ${JSON.stringify(kind)}`,
      });
    if (!(TAG_TYPES as readonly unknown[]).includes(type))
      problems.push({
        path: `${where}.type`,
        message: `must be Bit, Int or Float; got ${JSON.stringify(type)}`,
      });
    if (typeof address !== 'number' || !Number.isInteger(address))
      problems.push({ path: `${where}.address`, message: 'must be a whole number' });
    if (problems.length > before) return;
    const forced = isForced === true ? forceFrom(type as TagType, forcedValue) : undefined;
    const initial =
      options.values && forced === undefined
        ? name === 'FACTORY I/O (Time Scale)' && typeof value === 'number'
          ? value
          : initialFrom(type as TagType, value)
        : undefined;
    imported.push({
      where,
      id: id as string,
      name: name as string,
      kind: kind as TagKind,
      type: type as TagType,
      address: address as number,
      ...(initial !== undefined ? { initial } : {}),
      ...(forced !== undefined ? { start: { forced: true, forcedValue: forced } } : {}),
    });
  });
  if (problems.length > 0) fail();
  const assembled = assembleScene(options.sceneName.trim() || 'Imported scene', imported);
  if (!assembled.ok) {
    problems.push(...assembled.problems);
    fail();
  }
  return assembled as { scene: SceneDefinition; notes: string[] };
}

/** A current value as an initial value, when it is one of the tag's type (OFF values are left out). */
function initialFrom(type: TagType, value: unknown): TagValue | undefined {
  if (type === 'Bit') return value === true ? true : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value !== 0 ? value : undefined;
}

/** A forced value as the scene's force, when it is one of the tag's type. */
function forceFrom(type: TagType, value: unknown): TagValue | undefined {
  if (type === 'Bit') return typeof value === 'boolean' ? value : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
