import type { TSchema } from '@sinclair/typebox';
import { CHAOS_RULES_SHAPE } from '../../shared/api/chaos-rules.js';
import { TAG_KINDS, TAG_TYPES } from '../../shared/core/tag-types.js';
import { CLIENT_DRIVERS } from '../../shared/drivers/driver-status.js';
import { ADVANCE_BODY, CLOCK_BODY } from './clock-routes.js';
import { SCENE_BODY } from './station-routes.js';

/**
 * The JSON Schemas (2020-12) of the OpenAPI document's components: what the tag API and the
 * control API take and answer. The control API's request bodies are the very TypeBox shapes its
 * routes check them with, so the document cannot say one thing while the server checks another.
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const value = {
  type: ['boolean', 'number'],
  description: 'true/false for a Bit, a number for an Int or a Float',
};
const text = { type: 'string' };
const count = { type: 'integer', minimum: 0 };
const closed = (properties: Record<string, object>, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/** A TypeBox schema as plain JSON Schema 2020-12: hints (symbols) dropped, tuples as prefixItems. */
export function fromShape(schema: TSchema): object {
  return JSON.parse(JSON.stringify(schema), (_key, node: unknown) => {
    if (node && typeof node === 'object' && !Array.isArray(node)) {
      const { items, additionalItems: _dropped, ...rest } = node as Record<string, unknown>;
      if (Array.isArray(items)) return { ...rest, prefixItems: items, items: false };
    }
    return node;
  }) as object;
}

const itemError = {
  type: 'object',
  description: 'A per-item error: the item failed, the others of the batch still applied.',
  properties: {
    id: { type: ['string', 'null'] },
    name: { type: ['string', 'null'] },
    code: { enum: [400, 404, 406] },
    error: text,
  },
  required: ['code', 'error'],
  additionalProperties: false,
};

export const COMPONENT_SCHEMAS: Record<string, object> = {
  RequestError: {
    ...closed({ code: { type: 'integer', minimum: 400, maximum: 599 }, error: text }),
    description: 'A whole-request error: nothing was applied (unless a 500 says otherwise).',
  },
  Tag: closed({
    name: text,
    id: text,
    address: { type: 'integer', minimum: 0 },
    type: { enum: TAG_TYPES },
    kind: { enum: TAG_KINDS },
    value,
    openCircuit: { type: 'boolean' },
    shortCircuit: { type: 'boolean' },
    isForced: { type: 'boolean' },
    forcedValue: value,
  }),
  Tags: { type: 'array', items: ref('Tag') },
  ItemError: itemError,
  ItemErrors: { type: 'array', items: ref('ItemError') },
  ValueById: { anyOf: [closed({ id: text, value }), ref('ItemError')] },
  ValueByName: { anyOf: [closed({ name: text, value }), ref('ItemError')] },
  ValuesById: { type: 'array', items: ref('ValueById') },
  ValuesByName: { type: 'array', items: ref('ValueByName') },
  WriteItemsById: {
    type: 'array',
    items: { type: 'object', properties: { id: text, value }, required: ['id', 'value'] },
  },
  WriteItemsByName: {
    type: 'array',
    items: { type: 'object', properties: { name: text, value }, required: ['name', 'value'] },
  },
  Refs: { type: 'array', items: text, description: 'Tag ids, or names on a by-name path.' },

  ControlStatus: closed(
    {
      version: text,
      scene: text,
      tags: { type: 'integer', minimum: 0 },
      running: { type: 'boolean' },
      state: { enum: ['running', 'paused', 'stopped'] },
      clock: { enum: ['real', 'virtual'] },
      timeScale: { type: 'number' },
      simTimeMs: { type: 'number', minimum: 0 },
      seed: { type: 'integer', minimum: 0 },
      drivers: { type: 'array', items: ref('DriverStatus') },
    },
    ['version', 'scene', 'tags', 'running', 'state', 'clock', 'timeScale', 'simTimeMs', 'seed'],
  ),
  DriverStatus: {
    ...closed(
      {
        driver: { enum: [...CLIENT_DRIVERS] },
        state: { enum: ['stopped', 'connecting', 'connected', 'disconnected'] },
        target: text,
        detail: text,
        error: text,
        retryInMs: { type: 'number', minimum: 0 },
        warning: text,
      },
      ['driver', 'state', 'target', 'detail'],
    ),
    description: 'A driver that connects out to a controller (the Modbus client): where it is in its life.',
  },
  SceneChoice: fromShape(SCENE_BODY.schema),
  ClockChange: fromShape(CLOCK_BODY.schema),
  ClockAdvance: fromShape(ADVANCE_BODY.schema),
  StateSnapshot: {
    type: 'object',
    description: 'The format of .tagsim-state.json files (docs/scenes.md).',
    properties: {
      format: { const: 'tagsim-state' },
      version: { const: 1 },
      scene: text,
      savedAt: text,
      tags: {
        type: 'array',
        items: closed({
          id: text,
          name: text,
          kind: { enum: TAG_KINDS },
          type: { enum: TAG_TYPES },
          raw: value,
          forced: { type: 'boolean' },
          forcedValue: value,
          failure: { enum: ['none', 'alwaysOff', 'alwaysOn'] },
        }),
      },
    },
    required: ['format', 'version', 'scene', 'tags'],
    additionalProperties: false,
  },
  StateRestored: closed({ restored: { type: 'integer', minimum: 0 }, notes: { type: 'array', items: text } }),
  JournalEntry: closed({
    seq: { type: 'integer', minimum: 1 },
    time: { type: 'string', format: 'date-time' },
    client: text,
    method: {
      type: 'string',
      description: 'The HTTP method, or FC5, FC6, FC15, FC16, FC23 for a Modbus write (docs/modbus.md).',
    },
    path: {
      type: 'string',
      description:
        'As sent, or modbus://unit/<unit>/<coils|holdingRegisters>/<start>+<count> for a Modbus write.',
    },
    query: text,
    status: {
      type: ['integer', 'null'],
      description:
        'For a Modbus write, 200, or the HTTP status of its exception (02: 404, 03: 400, 04: 500, 0B: 504).',
    },
    durationMs: { type: 'number', minimum: 0 },
    body: {
      type: ['string', 'null'],
      description:
        'The first 4 KiB of the body as read; for a Modbus write, JSON of what it wrote and the tags it reached.',
    },
    itemErrors: { anyOf: [ref('ItemErrors'), { type: 'null' }], description: 'The first 16.' },
    itemErrorCount: { type: 'integer', minimum: 0 },
    chaos: { anyOf: [ref('ChaosShot'), { type: 'null' }] },
  }),
  Journal: { type: 'array', items: ref('JournalEntry') },
  JournalCleared: closed({ cleared: { type: 'integer', minimum: 0 } }),
  JournalSummary: closed({
    entries: count,
    maxEntries: count,
    bytes: count,
    maxBytes: count,
    lastSeq: count,
    dropped: count,
    droppedForBytes: count,
  }),
  ChaosShot: closed(
    {
      rule: { type: 'integer', minimum: 0 },
      latencyMs: { type: 'integer', minimum: 0 },
      status: { type: 'integer' },
      reset: { const: true },
    },
    ['rule', 'latencyMs'],
  ),
  ChaosRules: fromShape(CHAOS_RULES_SHAPE.schema),
  ChaosRulesWithHits: closed({
    rules: {
      type: 'array',
      items: {
        type: 'object',
        properties: { hits: { type: 'integer', minimum: 0 } },
        required: ['hits'],
      },
    },
  }),
};
