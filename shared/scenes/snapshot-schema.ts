import { Type } from '@sinclair/typebox';
import { TAG_KINDS, TAG_TYPES, type TagFailure } from '../core/tag-types.js';
import { says } from '../schema/shape-hints.js';
import type { Shape } from '../schema/shape-paths.js';
import { show } from '../problems/json-words.js';

// The shape of a state snapshot (a `.tagsim-state.json` file, or the body of PUT
// /tagsim/v1/state), described once (TypeBox) and checked by shape-check with the words of its
// hints. What needs a tag's type (its values), a date's meaning or spans tags (unique ids) only
// runtime-snapshot.ts checks.

export const SNAPSHOT_FORMAT = 'tagsim-state';
export const SNAPSHOT_FORMAT_VERSION = 1;

const FAILURES: readonly TagFailure[] = ['none', 'alwaysOff', 'alwaysOn'];
const choice = (options: readonly string[], words: string) =>
  says(Type.Union(options.map((o) => Type.Literal(o))), {
    invalid: (v) => `must be ${words}; got ${show(v)}`,
  });
/** A value: its words depend on the tag's type, which runtime-snapshot.ts knows. */
const value = () =>
  says(Type.Union([Type.Boolean(), Type.Number()]), {
    toldElsewhere: () => true,
    missingToldElsewhere: true,
  });

/** One tag's state in a snapshot. */
export const SnapshotTagSchema = says(
  Type.Object(
    {
      id: says(Type.String({ pattern: '\\S' }), { invalid: () => 'must be the tag id, a non-empty string' }),
      name: says(Type.String(), { invalid: () => 'must be a string' }),
      kind: choice(TAG_KINDS, 'Input or Output'),
      type: choice(TAG_TYPES, 'Bit, Int or Float'),
      raw: value(),
      forced: says(Type.Boolean(), { invalid: (v) => `must be true or false; got ${show(v)}` }),
      forcedValue: value(),
      failure: choice(FAILURES, 'none, alwaysOff or alwaysOn'),
    },
    { $id: 'SnapshotTag', additionalProperties: false },
  ),
  { invalid: () => 'must be an object', knownLabel: 'known fields' },
);

/** A state snapshot. */
export const SnapshotSchema = says(
  Type.Object(
    {
      format: says(Type.Literal(SNAPSHOT_FORMAT), {
        invalid: (v) =>
          `must be "${SNAPSHOT_FORMAT}"; got ${show(v)}${v === 'tagsim-scene' ? ' (that is a scene file, not a state snapshot)' : ''}`,
      }),
      version: says(Type.Literal(SNAPSHOT_FORMAT_VERSION), {
        invalid: (v) =>
          typeof v === 'number' && Number.isInteger(v) && v > SNAPSHOT_FORMAT_VERSION
            ? `${v} is newer than this TagSim reads (${SNAPSHOT_FORMAT_VERSION}); update TagSim`
            : `must be ${SNAPSHOT_FORMAT_VERSION}; got ${show(v)}`,
      }),
      scene: says(Type.String(), { invalid: () => 'must be the name of the scene, a string' }),
      // A date and time: runtime-snapshot.ts reads it (JSON Schema's "date-time" is stricter).
      savedAt: Type.Optional(says(Type.String(), { toldElsewhere: () => true })),
      tags: says(Type.Array(Type.Ref('SnapshotTag')), { invalid: () => 'must be an array of tag states' }),
    },
    { additionalProperties: false },
  ),
  { knownLabel: 'known fields' },
);

export const SNAPSHOT_SHAPE: Shape = { schema: SnapshotSchema, refs: [SnapshotTagSchema] };
