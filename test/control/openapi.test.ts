// GET /tagsim/v1/openapi.json: an OpenAPI 3.1 description of the tag API and the control API,
// checked against the servers' own route tables and against what the server really answers
// (each answer validated against the schema the document gives for its path, method and status).
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../main/server/routes/api-routes.js';
import { DEFAULT_BODY_LIMIT_BYTES } from '../../main/server/create-api-server.js';
import type { RawResponse } from '../support/http-client.js';
import { ModbusTestClient, pdu } from '../support/raw-modbus.js';
import { closeStations, startStation, type ControlStation } from './control-station.js';

interface Doc {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
  components: { schemas: Record<string, object> };
}

let station: ControlStation;
let doc: Doc;
let ajv: InstanceType<typeof Ajv2020>;

beforeAll(async () => {
  station = await startStation({ control: { version: '1.2.3', fileAccess: 'none' }, modbus: { port: 0 } });
  const answer = await station.call('GET', 'openapi.json');
  expect(answer.status).toBe(200);
  doc = answer.json as Doc;
  ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(doc, 'openapi');
});
afterAll(closeStations);

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Checks a real answer against the document's schema for it. */
function fits(template: string, method: string, answer: RawResponse): void {
  const operation = doc.paths[template]?.[method.toLowerCase()];
  expect(operation, `${method} ${template} is in the document`).toBeDefined();
  const key = String(answer.status) in operation!.responses ? String(answer.status) : 'default';
  const at = `openapi#/${pointer('paths', template, method.toLowerCase(), 'responses', key, 'content', 'application/json', 'schema')}`;
  const validate = ajv.compile({ $ref: at });
  const valid = validate(answer.json);
  expect(
    valid,
    `${method} ${template} ${answer.status}: ${ajv.errorsText(validate.errors)}\n${answer.text.slice(0, 300)}`,
  ).toBe(true);
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the version, and every schema in it compiles', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.2.3');
    // Strictly, each on its own: unknown keywords, bad types or refs would throw here.
    const strict = new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false });
    const defs = JSON.parse(
      JSON.stringify(doc.components.schemas).replaceAll('#/components/schemas/', '#/$defs/'),
    );
    strict.addSchema({ $id: 'components', $defs: defs });
    for (const name of Object.keys(defs))
      expect(() => strict.compile({ $ref: `components#/$defs/${name}` }), name).not.toThrow();
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]*"/g) ?? [];
    for (const r of refs) {
      const name = /#\/components\/schemas\/([^"]+)"/.exec(r)?.[1];
      expect(name && doc.components.schemas[name], r).toBeTruthy();
    }
  });

  it('has every route of the tag API and of the control API, and nothing else', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const tagApi = apiRoutes(station.tagsim.engine, DEFAULT_BODY_LIMIT_BYTES).map(
      (r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`,
    );
    const control = station.tagsim.control!.surface.routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(documented)).toEqual(new Set([...tagApi, ...control]));
    expect(documented).toHaveLength(tagApi.length + control.length);
  });
});

describe('what the server answers fits the document', () => {
  it('on the tag API', async () => {
    const { client } = station;
    const id = station.tagsim.engine.tagsNamed('Load')[0]!.id;
    const checks: [string, string, Promise<RawResponse>][] = [
      ['GET', '/api/tags', client.get('/api/tags')],
      ['GET', '/api/tags', client.get('/api/tags?type=double')],
      ['GET', '/api/tags/{id}', client.get(`/api/tags/${id}`)],
      ['GET', '/api/tags/{id}', client.get('/api/tags/nope')],
      ['GET', '/api/tags/by-name/{name}', client.get('/api/tags/by-name/Load')],
      ['GET', '/api/tag/values', client.get('/api/tag/values')],
      ['GET', '/api/tag/values', client.getWithJson('/api/tag/values', [id, 'nope', 3])],
      ['GET', '/api/tag/values/by-name', client.getWithJson('/api/tag/values/by-name', ['Load', 'Nope'])],
      ['GET', '/api/tag/by-name/values', client.get('/api/tag/by-name/values')],
      [
        'PUT',
        '/api/tag/values',
        client.put('/api/tag/values', [{ id, value: true }, { id: 'x', value: 1 }, 7]),
      ],
      ['PUT', '/api/tag/values', client.put('/api/tag/values', { not: 'an array' })],
      [
        'PUT',
        '/api/tag/values/by-name',
        client.put('/api/tag/values/by-name', [{ name: 'Load', value: 'x' }]),
      ],
      [
        'PUT',
        '/api/tag/values-force/by-name',
        client.put('/api/tag/values-force/by-name', [{ name: 'Load', value: true }]),
      ],
      ['PUT', '/api/tag/values-alwayson', client.put('/api/tag/values-alwayson', [{ id, value: 'maybe' }])],
      ['PUT', '/api/tag/values-release/by-name', client.put('/api/tag/values-release/by-name', ['Load', 5])],
      [
        'PUT',
        '/api/tag/values',
        client.request('PUT', '/api/tag/values', { body: '[]', headers: { 'Content-Encoding': 'xz' } }),
      ],
    ];
    for (const [method, template, pending] of checks) fits(template, method, await pending);
    // A wrong method answers the whole-request error every operation's `default` describes.
    const wrong = await client.request('DELETE', '/api/tags');
    expect(wrong.status).toBe(405);
    fits('/api/tags', 'GET', wrong);
  });

  it('on the control API', async () => {
    const call = station.call;
    const sequence: [string, string, unknown?][] = [
      ['GET', 'status'],
      ['POST', 'reset'],
      ['POST', 'scene', { scene: 'Filling Tank' }],
      ['POST', 'scene', { scene: '/etc/hostname' }],
      ['POST', 'scene', { scene: 3 }],
      ['GET', 'state'],
      ['PUT', 'state', { format: 'tagsim-state', version: 1, scene: 'x', tags: [] }],
      ['PUT', 'clock', { timeScale: 2 }],
      ['PUT', 'clock', { mode: 'later' }],
      ['POST', 'clock/advance', { ms: 100 }],
      ['PUT', 'clock', { mode: 'virtual' }],
      ['POST', 'clock/advance', { ms: 100 }],
      ['POST', 'clock/advance', { ms: 0 }],
      ['PUT', 'chaos', { rules: [{ path: '/api/tags', status: 503, times: 1 }, { latencyMs: [0, 1] }] }],
      ['PUT', 'chaos', { rules: [{ status: 200 }] }],
      ['GET', 'chaos'],
      ['GET', 'requests?limit=5'],
      ['GET', 'requests?limit=0'],
      ['GET', 'requests?limit=2&before=3'],
      ['GET', 'requests/summary'],
      ['DELETE', 'requests'],
      ['DELETE', 'chaos'],
      ['GET', 'openapi.json'],
    ];
    // Some traffic for the journal to list: a chaos answer and an item error among it.
    await station.client.put('/api/tag/values/by-name', [{ name: 'Nope', value: 1 }]);
    for (const [method, path, body] of sequence) {
      if (path === 'requests?limit=5') {
        await station.client.get('/api/tags');
        // Modbus writes in the journal too: one applied, one refused (exception 02).
        const plc = await ModbusTestClient.open(station.tagsim.modbus!.status.port);
        await plc.request(pdu.writeRegisters(0, [1, 2]));
        await plc.request(pdu.writeCoil(60_000, true));
        plc.close();
      }
      const answer = await call(method, path, body);
      fits(`/tagsim/v1/${path.split('?')[0]}`, method, answer);
    }
  });
});
