import { Type } from '@sinclair/typebox';
import { kindOf, show } from '../problems/json-words.js';
import { shapeProblems } from '../schema/shape-check.js';
import { says } from '../schema/shape-hints.js';
import { placeProblems, type Shape } from '../schema/shape-paths.js';
import { STUDENT_CONTROLS } from './restrictions.js';

/**
 * `"studentMode": {"allow": [...]}`, the one vocabulary of what a student may do, as a lab file
 * (docs/lab.md) and the desktop app's presets (docs/desktop.md) both write it. One schema for
 * both, so both say the same about the same mistake.
 */
export const StudentModeSchema = says(
  Type.Object(
    {
      allow: Type.Array(
        says(Type.Union(STUDENT_CONTROLS.map((c) => Type.Literal(c))), {
          invalid: (v) => `must be one of ${STUDENT_CONTROLS.join(', ')}; got ${show(v)}`,
        }),
        { maxItems: STUDENT_CONTROLS.length, uniqueItems: true },
      ),
    },
    { additionalProperties: false },
  ),
  {
    invalid: (v) =>
      `must be an object such as {"allow": ["simulation"]}, listing what the student may do; got ${kindOf(v)}`,
  },
);
const STUDENT_MODE_SHAPE: Shape = { schema: StudentModeSchema, refs: [] };

/** Every problem of a `studentMode` value, each placed under `prefix` (`studentMode.allow[1]: ...`). */
export function studentModeProblems(value: unknown, prefix: string): { path: string; message: string }[] {
  return placeProblems(STUDENT_MODE_SHAPE, value, prefix, shapeProblems(STUDENT_MODE_SHAPE, value));
}
