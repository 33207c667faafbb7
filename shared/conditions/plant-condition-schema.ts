import { type TSchema, Type } from '@sinclair/typebox';
import { kindOf, show } from '../problems/json-words.js';
import { milliseconds } from '../schema/milliseconds.js';
import { says } from '../schema/shape-hints.js';
import type { Shape } from '../schema/shape-paths.js';
import { comparing, conditionUnion } from './condition-schema.js';
import { TagRefSchema } from './tag-refs.js';

/** The ways items are counted on a conveyor (ItemQuery): exactly one of them names the conveyor. */
export const ITEM_COUNTS = ['exit', 'entered', 'on'] as const;

const closed = { additionalProperties: false } as const;
const name = (what: string) =>
  says(Type.String({ pattern: '\\S', maxLength: 200 }), {
    invalid: (v) => `must be ${what} (a string of at most 200 characters); got ${kindOf(v)}`,
  });
const conveyorName = () => Type.Optional(name("a conveyor's name"));

const ItemQuerySchema = Type.Object(
  {
    exit: conveyorName(),
    entered: conveyorName(),
    on: conveyorName(),
    label: Type.Optional(name("a label of the plant's items")),
  },
  {
    ...closed,
    description:
      'One of exit (items that left the plant at this conveyor), entered (that came onto it), on (on it now); label: only items of that label.',
  },
);

const count = () => Type.Optional(Type.Number());

/** `{"items": {"exit": "left", "label": "low"}, "ge": 10}`: a count of the plant's items compared. */
const ItemsSchema = comparing({
  items: ItemQuerySchema,
  equals: count(),
  notEquals: count(),
  gt: count(),
  ge: count(),
  lt: count(),
  le: count(),
});

/** `{"conveyor": "entry", "running": false}`: whether a belt moves. */
const ConveyorSchema = Type.Object(
  {
    conveyor: name("a conveyor's name"),
    running: says(Type.Boolean(), { invalid: (v) => `must be true or false; got ${show(v)}` }),
    forMs: Type.Optional(milliseconds()),
  },
  closed,
);

/**
 * The shape of a condition that may read the plant itself (`$id` PlantCondition): every variant
 * of a condition, with `items` and `conveyor` besides, and the same again in its parts.
 */
export const PlantConditionSchema = conditionUnion('PlantCondition', [
  { key: 'items', schema: ItemsSchema },
  { key: 'conveyor', schema: ConveyorSchema },
]);

/** The definitions a schema that holds plant conditions must be given. */
export const PLANT_CONDITION_REFS: readonly TSchema[] = [PlantConditionSchema, TagRefSchema];
/** A plant condition on its own. */
export const PLANT_CONDITION_SHAPE: Shape = { schema: PlantConditionSchema, refs: PLANT_CONDITION_REFS };
