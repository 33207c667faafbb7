import type { SceneEdit } from '../scenes/scene-editor.js';
import type { TagKind, TagType } from '../core/tag-types.js';
import { BridgeArgumentError, v, type Validator } from './validate.js';

const kind = v.oneOf<TagKind>('Input', 'Output');
const type = v.oneOf<TagType>('Bit', 'Int', 'Float');
const tagValue: Validator<boolean | number> = (input, path) =>
  typeof input === 'boolean' ? input : v.number(input, path);

/** A behaviour as JSON; its meaning is checked against the scene's tags with the file rules. */
const behaviour = v.jsonObject(32);
/** Far more than any plant needs; bounds the work one message can ask for. */
const MAX_BEHAVIOURS = 10_000;
const behaviourIndex = v.integer(0, MAX_BEHAVIOURS);

const EDITS: Record<SceneEdit['op'], Validator<unknown>> = {
  addTag: v.object({
    op: v.string,
    kind,
    type,
    name: v.optional(v.string),
    afterId: v.optional(v.string),
  }),
  updateTag: v.object({
    op: v.string,
    id: v.string,
    changes: v.object({
      name: v.optional(v.string),
      kind: v.optional(kind),
      type: v.optional(type),
      address: v.optional(v.integer(0, 65535)),
      initial: v.optional(v.nullable(tagValue)),
      min: v.optional(v.nullable(v.number)),
      max: v.optional(v.nullable(v.number)),
      description: v.optional(v.maxLengthString(10_000)),
    }),
  }),
  deleteTag: v.object({ op: v.string, id: v.string }),
  duplicateTag: v.object({ op: v.string, id: v.string }),
  moveTag: v.object({ op: v.string, id: v.string, toIndex: v.integer(0, 1_000_000) }),
  renameScene: v.object({ op: v.string, name: v.string, description: v.optional(v.maxLengthString(10_000)) }),
  addBehaviour: v.object({ op: v.string, behaviour, index: v.optional(behaviourIndex) }),
  updateBehaviour: v.object({ op: v.string, index: behaviourIndex, behaviour }),
  deleteBehaviour: v.object({ op: v.string, index: behaviourIndex }),
  moveBehaviour: v.object({ op: v.string, index: behaviourIndex, toIndex: behaviourIndex }),
  setBehaviours: v.object({ op: v.string, behaviours: v.array(behaviour, MAX_BEHAVIOURS) }),
  // Its meaning (shape, conveyors, tags) is checked with the file rules, as a behaviour's is.
  setLayout: v.object({ op: v.string, layout: v.nullable(v.jsonObject(8)) }),
};

/** Checks one editor change against the shapes of SceneEdit, field by field. */
export const sceneEditArgs: Validator<SceneEdit> = (input, path) => {
  const op = (input as { op?: unknown } | null)?.op;
  if (typeof op !== 'string' || !Object.hasOwn(EDITS, op)) {
    throw new BridgeArgumentError(`${path}.op must be one of ${Object.keys(EDITS).join(', ')}.`);
  }
  return EDITS[op as SceneEdit['op']](input, path) as SceneEdit;
};
