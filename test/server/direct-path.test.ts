// The direct path serves the fixed-path routes from the `node:http` listener, without Koa. It is
// built from the same route table as the Koa router, and must answer every request byte for byte
// as a Koa-only server on that table does (the Date header aside), and leave to Koa every
// request it cannot answer exactly so. Over real HTTP on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../main/server/build-app.js';
import { answerClientErrors } from '../../main/net/client-error.js';
import {
  createApiServer,
  DEFAULT_BODY_LIMIT_BYTES,
  DEFAULT_TIMEOUTS,
  type ApiServer,
} from '../../main/server/create-api-server.js';
import { directRoutes } from '../../main/server/direct-routes.js';
import { RequestJournal } from '../../main/journal/request-journal.js';
import { apiRoutes } from '../../main/server/routes/api-routes.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { syntheticScene } from '../../shared/scenes/builtin-scenes.js';
import { exchange, wellFramedRequest as request, withoutDate } from '../support/wire-exchange.js';

const SCENE_SIZE = 60;

describe('the direct path and Koa, from one route table', () => {
  let direct: ApiServer;
  let directPort: number;
  let koaOnly: Server;
  let koaPort: number;
  const engines = {
    direct: new TagEngine(syntheticScene(SCENE_SIZE)),
    koa: new TagEngine(syntheticScene(SCENE_SIZE)),
  };
  const faults: unknown[] = [];

  beforeAll(async () => {
    direct = createApiServer(engines.direct, { port: 0 });
    direct.events.error.on((e) => faults.push(e));
    directPort = (await direct.listen()).port;
    const app = buildApp(apiRoutes(engines.koa, DEFAULT_BODY_LIMIT_BYTES), {
      onUnexpectedError: (e) => faults.push(e),
    });
    koaOnly = createServer(app.callback());
    // The tag API's own answer to unparsable bytes, so that only the way in differs.
    answerClientErrors(koaOnly, DEFAULT_TIMEOUTS.requestMs);
    await new Promise<void>((resolve) => koaOnly.listen(0, '127.0.0.1', resolve));
    koaPort = (koaOnly.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await direct.close();
    koaOnly.closeAllConnections();
    await new Promise((resolve) => koaOnly.close(resolve));
  });

  it('answer every request with the same bytes and leave the tags in the same state', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (bytes) => {
        const viaDirect = await exchange(directPort, bytes);
        const viaKoa = await exchange(koaPort, bytes);
        expect(withoutDate(viaDirect)).toBe(withoutDate(viaKoa));
        expect(JSON.stringify(engines.direct.listTagStates())).toBe(
          JSON.stringify(engines.koa.listTagStates()),
        );
      }),
      { numRuns: 300, interruptAfterTimeLimit: 60_000 },
    );
    expect(faults).toEqual([]);
  }, 90_000);
});

describe('which requests the direct path takes', () => {
  let server: Server;
  let port: number;
  const taken: boolean[] = [];

  beforeAll(async () => {
    const engine = new TagEngine(syntheticScene(SCENE_SIZE));
    const serve = directRoutes(apiRoutes(engine, DEFAULT_BODY_LIMIT_BYTES), (e) => {
      throw e;
    });
    server = createServer((req, res) => {
      const took = serve(req, res);
      taken.push(took);
      if (!took) res.writeHead(299).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const head = (method: string, target: string) =>
    Buffer.from(`${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 'latin1');

  it.each([
    ['GET', '/api/tag/values', true],
    ['GET', '/api/tag/values/', true],
    ['GET', '/api/tags?type=bit&name=Tag*', true],
    ['PUT', '/api/tag/values-alwayson/by-name', true],
    ['PUT', '/api/tag/values-release', true],
    ['HEAD', '/api/tag/values', false],
    ['OPTIONS', '/api/tags', false],
    ['POST', '/api/tag/values', false],
    ['PUT', '/api/tags', false],
    ['GET', '/api/tags/by-name/Tag%200', false],
    ['GET', '/api/tag/values//', true],
    ['PUT', '/api//tag/values/by-name', true],
    ['GET', '//api/tags///', true],
    ['GET', '/api//tags/by-name/Tag%200', false],
    ['GET', '/API/tags', false],
    ['GET', '/api/tags?type=bit#x', false],
    ['GET', 'http://127.0.0.1/api/tags', false],
  ])('%s %s: %s', async (method, target, expected) => {
    taken.length = 0;
    const answer = await exchange(port, head(method, target));
    expect(taken).toEqual([expected]);
    expect(answer.startsWith('HTTP/1.1 299')).toBe(!expected);
  });
});

describe('a journal that fails', () => {
  // The journal only observes: when recording throws, the client still gets its answer, by either
  // way in, and the failure is reported as unexpected.
  class FailingJournal extends RequestJournal {
    override record(): void {
      throw new Error('journal broke');
    }
  }
  const faults: unknown[] = [];
  const engine = new TagEngine(syntheticScene(SCENE_SIZE));
  const routes = apiRoutes(engine, DEFAULT_BODY_LIMIT_BYTES);
  const seams = { journal: new FailingJournal() };
  const onUnexpectedError = (e: unknown) => faults.push(e);
  const direct = directRoutes(routes, onUnexpectedError, seams);
  const app = buildApp(routes, { onUnexpectedError, seams });
  const servers = [
    createServer((req, res) => void (direct(req, res) || app.callback()(req, res))),
    createServer(app.callback()),
  ];
  const ports: number[] = [];
  beforeAll(async () => {
    for (const s of servers) {
      await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
      ports.push((s.address() as AddressInfo).port);
    }
  });
  afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

  it.each([
    ['direct', 0],
    ['Koa', 1],
  ])('still answers a write through %s, and reports the failure', async (_way, index) => {
    faults.length = 0;
    const tag = engine.scene.tags.find((t) => t.kind === 'Output' && t.type === 'Int')!;
    const body = JSON.stringify([{ id: tag.id, value: 17 }]);
    const answer = await exchange(
      ports[index]!,
      Buffer.from(
        `PUT /api/tag/values HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      ),
    );
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
    expect(answer.endsWith('\r\n\r\n[]')).toBe(true);
    expect(engine.readValues('id', [tag.id])).toEqual([{ id: tag.id, value: 17 }]);
    expect(faults).toEqual([new Error('journal broke')]);
  });
});
