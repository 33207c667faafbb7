import type { SceneEdit } from '../scenes/scene-editor.js';
import type { TagKind, TagType } from '../core/tag-types.js';
import { Type, type TSchema } from '@sinclair/typebox';
import { isRecord } from '../problems/json-words.js';
import { says } from '../schema/shape-hints.js';
import { v } from './validate.js';

const kind = v.oneOf<TagKind>('Input', 'Output');
const type = v.oneOf<TagType>('Bit', 'Int', 'Float');
const tagValue = says(Type.Union([Type.Boolean(), v.number]), {
  choose: (input) => (typeof input === 'boolean' ? 0 : 1),
});

/** A behaviour as JSON; its meaning is checked against the scene's tags with the file rules. */
const behaviour = v.jsonObject(32);
/** Far more than any plant needs; bounds the work one message can ask for. */
const MAX_BEHAVIOURS = 10_000;
const behaviourIndex = v.integer(0, MAX_BEHAVIOURS);

const EDITS: Record<SceneEdit['op'], TSchema> = {
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

const OPS = Object.keys(EDITS);

/**
 * One editor change, in the shape its `op` names (each variant's `op` is that name), checked
 * field by field. The types say more than the schemas (a tag's id, not any string): the editor
 * checks the rest.
 */
export const sceneEditArgs = Type.Unsafe<SceneEdit>(
  says(
    Type.Union(
      OPS.map((op) => {
        const edit = EDITS[op as SceneEdit['op']];
        return { ...edit, properties: { ...edit['properties'], op: Type.Literal(op) } };
      }),
    ),
    {
      choose: (input) => {
        const op = isRecord(input) ? input['op'] : undefined;
        return typeof op === 'string' && Object.hasOwn(EDITS, op)
          ? OPS.indexOf(op)
          : { at: ['op'], message: `must be one of ${OPS.join(', ')}` };
      },
    },
  ),
);
