import { API_PATHS, READ_ROUTES, RELEASE_ROUTES, WRITE_ROUTES } from '../../shared/api/routes.js';
import { MAX_CHAOS_RULES } from '../../shared/api/chaos-rules.js';
import { CLIENT_DRIVERS, clientDriverLabel } from '../../shared/drivers/driver-status.js';
import { CONTROL_PREFIX } from '../server/control-surface.js';
import { MAX_LIST_LIMIT } from './journal-routes.js';
import { COMPONENT_SCHEMAS } from './openapi-schemas.js';

/**
 * The OpenAPI 3.1 description of both APIs on TagSim's port, served at
 * `GET /tagsim/v1/openapi.json`. The tag API's paths come from its route tables
 * (shared/api/routes.ts); `test/control/openapi.test.ts` checks that every route of both APIs is
 * here and that what the server really answers fits the schemas.
 */

type Operation = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const ok = (description: string, schema: object) => ({ '200': { description, content: json(schema) } });
const body = (schema: object, required = true, description?: string) => ({
  requestBody: { required, content: json(schema), ...(description ? { description } : {}) },
});

const ERRORS: Record<number, string> = {
  400: 'The request is not valid (the message says why); nothing was applied.',
  401: 'The control API needs its token here (Authorization: Bearer <token>).',
  403: 'Refused: a page of another site, a host name without a token, or a file where files are off.',
  404: 'No such tag, or no such endpoint.',
  409: 'Not now: the clock is real, or the journal is off.',
  413: 'The body is over 16 MiB, or holds more than 100,000 items.',
  415: 'A Content-Encoding other than gzip, deflate, br or identity.',
  503: 'Busy (large bodies in flight, or too many advances waiting); Retry-After: 1.',
};
const errors = (...statuses: number[]) => ({
  ...Object.fromEntries(
    statuses.map((s) => [String(s), { description: ERRORS[s], content: json(ref('RequestError')) }]),
  ),
  default: {
    description: 'Any other error (an unknown path, a wrong method, a chaos rule), as {"code", "error"}.',
    content: json(ref('RequestError')),
  },
});
const BODY_ERRORS = [400, 413, 415, 503];

function tagApiPaths(): Record<string, Record<string, Operation>> {
  const paths: Record<string, Record<string, Operation>> = {
    [API_PATHS.tags]: {
      get: {
        summary: 'List the tags of the scene, filtered (AND; empty values count as absent)',
        parameters: [
          query('name', 'Whole name, any letter case; * any run of characters, ? one'),
          query('type', 'bit, int or float (any letter case)'),
          query('kind', 'input or output (any letter case)'),
        ],
        responses: { ...ok('The tags, in scene order', ref('Tags')), ...errors(400) },
      },
    },
    '/api/tags/{id}': {
      get: {
        summary: 'One tag by id',
        parameters: [pathParameter('id')],
        responses: { ...ok('The tag', ref('Tag')), ...errors(404) },
      },
    },
    '/api/tags/by-name/{name}': {
      get: {
        summary: 'The tags with exactly this name (names are not unique)',
        parameters: [pathParameter('name')],
        responses: { ...ok('The tags ([] when none)', ref('Tags')), ...errors() },
      },
    },
  };
  for (const { path, by } of READ_ROUTES)
    (paths[path] ??= {})['get'] = {
      summary: `Read values by ${by}: every tag, or those the body lists (a GET with a body)`,
      ...body(ref('Refs'), false, 'Optional: the tags to read; without it, every tag.'),
      responses: {
        ...ok('{id|name, value} per tag, or an item error', ref(by === 'id' ? 'ValuesById' : 'ValuesByName')),
        ...errors(...BODY_ERRORS),
      },
    };
  for (const { path, operation, by } of WRITE_ROUTES)
    (paths[path] ??= {})['put'] = {
      summary: `${operation === 'set' ? 'Set values' : operation === 'force' ? 'Force values' : `Set or clear ${operation}`} by ${by}`,
      ...body(ref(by === 'id' ? 'WriteItemsById' : 'WriteItemsByName')),
      responses: {
        ...ok('The items that failed ([] when all applied)', ref('ItemErrors')),
        ...errors(...BODY_ERRORS),
      },
    };
  for (const { path, by } of RELEASE_ROUTES)
    (paths[path] ??= {})['put'] = {
      summary: `Release forces by ${by}`,
      ...body(ref('Refs')),
      responses: {
        ...ok('The items that failed ([] when all applied)', ref('ItemErrors')),
        ...errors(...BODY_ERRORS),
      },
    };
  return paths;
}

function controlPaths(): Record<string, Record<string, Operation>> {
  const status = ok('The status', ref('ControlStatus'));
  const secured = (operation: Operation): Operation => ({
    tags: ['control'],
    security: [{}, { controlToken: [] }],
    ...operation,
  });
  const chaos = ok('The rules with their hits', ref('ChaosRulesWithHits'));
  const p = (path: string) => `${CONTROL_PREFIX}/${path}`;
  const paths: Record<string, Record<string, Operation>> = {
    [p('status')]: {
      get: { summary: 'The station at a glance', responses: { ...status, ...errors(401, 403) } },
    },
    [p('reset')]: {
      post: {
        summary: "Back to the scene's start, same seed",
        responses: { ...status, ...errors(401, 403) },
      },
    },
    [p('scene')]: {
      post: {
        summary: 'Serve a built-in scene, or a scene file where files are allowed',
        ...body(ref('SceneChoice')),
        responses: { ...status, ...errors(400, 401, 403) },
      },
    },
    [p('state')]: {
      get: {
        summary: 'The state as a snapshot',
        responses: { ...ok('The snapshot', ref('StateSnapshot')), ...errors(401, 403) },
      },
      put: {
        summary: 'Restore a snapshot in one update',
        ...body(ref('StateSnapshot')),
        responses: { ...ok('What it restored', ref('StateRestored')), ...errors(400, 401, 403) },
      },
    },
    [p('clock')]: {
      put: {
        summary: 'Switch the clock (real or virtual) and set the time scale',
        ...body(ref('ClockChange')),
        responses: { ...status, ...errors(400, 401, 403) },
      },
    },
    [p('clock/advance')]: {
      post: {
        summary: 'Run the virtual clock through ms of simulation time; answers when done',
        ...body(ref('ClockAdvance')),
        responses: { ...status, ...errors(400, 401, 403, 409, 503) },
      },
    },
    [p('requests')]: {
      get: {
        summary: 'The request journal, newest first, at most 256 KiB a page',
        description:
          'When more entries may follow (the limit or the 256 KiB of a page reached), the answer has `Link: <...?before=N>; rel="next"`.',
        parameters: [
          query('limit', `1 to ${MAX_LIST_LIMIT} (default 100)`, {
            type: 'integer',
            minimum: 1,
            maximum: MAX_LIST_LIMIT,
          }),
          query('before', 'Only entries with a smaller seq: the page after one that ended there', {
            type: 'integer',
            minimum: 1,
          }),
          query('path', 'A wildcard on the path (* and ?, any letter case)'),
          query('status', 'A status (404) or a class (4xx)', {
            type: 'string',
            pattern: '^[1-5](\\d\\d|xx)$',
          }),
        ],
        responses: { ...ok('The entries', ref('Journal')), ...errors(400, 401, 403, 409) },
      },
      delete: {
        summary: 'Clear the journal',
        responses: { ...ok('How many entries it held', ref('JournalCleared')), ...errors(401, 403, 409) },
      },
    },
    [p('requests/summary')]: {
      get: {
        summary: 'What the journal holds (entries, bytes) and has dropped to stay within them',
        responses: { ...ok('The summary', ref('JournalSummary')), ...errors(401, 403, 409) },
      },
    },
    [p('chaos')]: {
      get: { summary: 'The chaos rules and their hits', responses: { ...chaos, ...errors(401, 403) } },
      put: {
        summary: `Replace the chaos rules (at most ${MAX_CHAOS_RULES})`,
        ...body(ref('ChaosRules')),
        responses: { ...chaos, ...errors(400, 401, 403) },
      },
      delete: { summary: 'Clear the chaos rules', responses: { ...chaos, ...errors(401, 403) } },
    },
    ...Object.fromEntries(
      CLIENT_DRIVERS.flatMap((driver) =>
        (['connect', 'disconnect'] as const).map((action) => [
          p(`drivers/${driver}/${action}`),
          {
            post: {
              summary: `${action === 'connect' ? 'Connect' : 'Disconnect'} the ${clientDriverLabel(driver)} (docs/control-api.md#drivers)`,
              responses: {
                ...ok("The driver's status", ref('DriverStatus')),
                ...errors(401, 403, 404),
              },
            },
          },
        ]),
      ),
    ),
    [p('openapi.json')]: {
      get: {
        summary: 'This document',
        responses: { ...ok('OpenAPI 3.1', { type: 'object' }), ...errors(401, 403) },
      },
    },
  };
  for (const operations of Object.values(paths))
    for (const [method, operation] of Object.entries(operations)) operations[method] = secured(operation);
  return paths;
}

function query(name: string, description: string, schema: object = { type: 'string' }) {
  return { name, in: 'query', required: false, description, schema };
}

function pathParameter(name: string) {
  return {
    name,
    in: 'path',
    required: true,
    description: 'Percent-decoded once',
    schema: { type: 'string' },
  };
}

/** The whole document. */
export function openApiDocument(version: string): object {
  return {
    openapi: '3.1.0',
    info: {
      title: 'TagSim',
      version,
      description:
        "The FACTORY I/O Web API as TagSim serves it (docs/api.md), and TagSim's own control API " +
        'under /tagsim/v1 (docs/control-api.md). Bodies are parsed as JSON whatever the Content-Type.',
    },
    tags: [{ name: 'control', description: "TagSim's control API: not part of the simulator's API" }],
    paths: { ...tagApiPaths(), ...controlPaths() },
    components: {
      schemas: COMPONENT_SCHEMAS,
      securitySchemes: {
        controlToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token printed at start; needed only when TagSim listens on a non-loopback host.',
        },
      },
    },
  };
}
