// Lab actions and fault schedules as a hostile client sends them to a lab's dashboard (or a
// class view over labs): real action names and tags mixed with wrong types, unknown fields,
// out-of-range stations and long strings.
import fc from 'fast-check';
import { LAB_ACTIONS } from '../../../shared/lab/lab-actions.js';
import { builtinScene } from '../../../shared/scenes/builtin-scenes.js';
import { objectKeyName } from './object-key-names.js';

const stationList = fc.oneof(
  fc.constant('all'),
  fc.array(fc.integer({ min: -2, max: 70 }), { maxLength: 6 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const tagId = fc.oneof(
  fc.constantFrom(...builtinScene('Sorting by Height (Basic)')!.tags.map((t) => t.id)),
  fc.constantFrom('nope', '', ' '),
  objectKeyName,
  fc.string({ maxLength: 300 }),
  fc.jsonValue({ maxDepth: 1 }),
);
const fault = fc.record(
  {
    tag: fc.oneof(
      fc.constantFrom('Load', 'High sensor', 'Low sensor', 'nope', ''),
      objectKeyName,
      fc.string({ maxLength: 300 }),
    ),
    // One tag of the name by its id: a real one of the scene, a made-up one, or anything.
    id: tagId,
    kind: fc.constantFrom('force', 'alwaysOff', 'alwaysOn', 'none'),
    value: fc.oneof(fc.boolean(), fc.integer(), fc.string({ maxLength: 5 })),
    hidden: fc.oneof(fc.boolean(), fc.constant('yes')),
    locked: fc.oneof(fc.boolean(), fc.constant('yes'), fc.constant(null)),
    extra: fc.constant(1),
  },
  { requiredKeys: ['tag', 'kind'] },
);
/** A lab action's JSON (docs/lab.md), often malformed: the dashboard's and the class view's body. */
export const hostileLabAction = fc
  .record(
    {
      action: fc.constantFrom(...LAB_ACTIONS, 'explode', ''),
      stations: stationList,
      fault,
      tag: fc.constantFrom('Load', 'nope', '-'),
      id: tagId,
      kind: fc.constantFrom('force', 'all', 'x'),
    },
    { requiredKeys: ['action'] },
  )
  .map((a) => JSON.stringify(a));

/** A fault schedule's JSON, often malformed. */
export const hostileSchedule = fc
  .record(
    {
      seed: fc.oneof(fc.integer(), fc.string({ maxLength: 3 })),
      faults: fc.array(
        fc.record(
          {
            at: fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constant('soon')),
            when: fc.oneof(fc.constant({ tag: 'Load', equals: true }), fc.jsonValue({ maxDepth: 20 })),
            stations: stationList,
            pick: fc.constantFrom('each', 'one', 'all'),
            fault,
            clearAfter: fc.integer({ min: 0, max: 50 }),
            clearWhen: fc.constantFrom({ always: true }, { rising: 'Nope' }, { not: { not: { not: {} } } }),
          },
          { requiredKeys: ['fault'] },
        ),
        { maxLength: 4 },
      ),
    },
    { requiredKeys: ['faults'] },
  )
  .map((s) => JSON.stringify(s));
