import { Type } from '@sinclair/typebox';
import { parseJsonText } from '../problems/json-text.js';
import { kindOf, listKindOf, show } from '../problems/json-words.js';
import { ValidationError } from '../problems/problem-list.js';
import { shapeProblems } from '../schema/shape-check.js';
import { says } from '../schema/shape-hints.js';
import { placeProblems, type Shape } from '../schema/shape-paths.js';
import { MAX_STATIONS } from './lab-plan.js';

/** One lab process of a class: a name for the class view, its dashboard's address, its token's file. */
export interface ClassLabPlan {
  readonly name: string;
  /** The lab's dashboard, `http://<host>:<port>` (a name is looked up, then its address is used). */
  readonly url: string;
  /** The file holding that lab's instructor token (`tagsim lab --token-file`). */
  readonly tokenFile: string;
  /**
   * How many stations the lab serves. The class view numbers the stations of the labs one after
   * another by these counts, so a station keeps its number while another lab is down.
   */
  readonly stations: number;
}

/** A class file: `{"labs": [{"name": "tagsim-lab-0", "url": "http://...:7474", "tokenFile": "..."}]}`. */
export interface ClassFile {
  readonly labs: readonly ClassLabPlan[];
}

/** More lab processes than this is not one instructor's class (64 stations each: 2,048). */
export const MAX_CLASS_LABS = 32;

const text = (what: string, pattern = '\\S') =>
  says(Type.String({ pattern, maxLength: 500 }), {
    invalid: (v) => (typeof v === 'string' ? `must be ${what}` : `must be a string; got ${kindOf(v)}`),
  });

const ClassFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    labs: says(
      Type.Array(
        Type.Object(
          {
            name: text('a name of 1 to 60 letters, digits, spaces, "-", "_" or "."', '^[\\w .-]{1,60}$'),
            url: text(
              'a lab dashboard\'s address such as "http://10.0.0.5:7474", with no path',
              '^http://[^/?#@\\s]+/?$',
            ),
            tokenFile: text("the name of the file holding that lab's token"),
            stations: says(Type.Integer({ minimum: 1, maximum: MAX_STATIONS }), {
              invalid: (v) => `must be the lab's station count, 1 to ${MAX_STATIONS}; got ${show(v)}`,
            }),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: MAX_CLASS_LABS },
      ),
      {
        invalid: (v) =>
          Array.isArray(v) && v.length > MAX_CLASS_LABS
            ? `has ${v.length} labs; a class has at most ${MAX_CLASS_LABS}`
            : `must be a non-empty array of labs such as {"name": "lab-0", "url": "http://10.0.0.5:7474", "tokenFile": "token", "stations": 60}; got ${listKindOf(v)}`,
      },
    ),
  },
  { additionalProperties: false },
);
const CLASS_FILE_SHAPE: Shape = { schema: ClassFileSchema, refs: [] };

/**
 * Reads a class file's text (docs/deploy.md): the lab processes one instructor's class view
 * shows. Returns it, or throws a ValidationError (what: 'class file') with every problem and its
 * place; two labs of one name or one address are a problem too.
 */
export function parseClassFile(text: string, source?: string): ClassFile {
  const parsed = parseJsonText(text);
  const fail = (path: string, message: string) =>
    new ValidationError([{ path, message }], source, 'class file');
  if (!parsed.ok) throw fail('(file)', parsed.message);
  const json = parsed.value;
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw fail('(file)', `a class file is a JSON object such as {"labs": [...]}; got ${kindOf(json)}`);
  const problems = placeProblems(CLASS_FILE_SHAPE, json, '', shapeProblems(CLASS_FILE_SHAPE, json));
  if (problems.length > 0) throw new ValidationError(problems, source, 'class file');
  const labs = (json as ClassFile).labs.map((lab) => ({ ...lab, url: lab.url.replace(/\/$/, '') }));
  for (const key of ['name', 'url'] as const) {
    const first = new Map<string, number>();
    for (const [i, lab] of labs.entries()) {
      const earlier = first.get(lab[key]);
      if (earlier !== undefined)
        throw fail(`labs[${i}].${key}`, `is labs[${earlier}]'s too; each lab has its own`);
      first.set(lab[key], i);
    }
  }
  return { labs };
}
