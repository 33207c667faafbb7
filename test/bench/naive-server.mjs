// The server a user would improvise, the benchmark's yardstick: plain `node:http`, the tags as
// plain objects in memory, `JSON.stringify` on every GET, `JSON.parse` and a Map lookup on every
// PUT. It takes only the scene's definitions from TagSim (not its engine, router or caches) and
// answers the benchmarked routes with the same bodies and headers as TagSim, so that the
// benchmark can check all servers answer alike before it loads them.
import { createServer } from 'node:http';
import { AMPLITUDE, OFFSET, periodMs, plantTagIndexes } from './bench-scene.mjs';

const JSON_TYPE = 'application/json; charset=utf-8';

function send(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const WRITABLE = {
  Bit: (v) => typeof v === 'boolean',
  Int: Number.isInteger,
  Float: (v) => typeof v === 'number',
};

/** A `node:http` server (not yet listening) for the scene's tags, and a switch for its plant. */
export function createNaiveServer(scene) {
  const tags = scene.tags.map((t) => {
    const off = t.type === 'Bit' ? false : 0;
    return {
      name: t.name,
      id: t.id,
      address: t.address,
      type: t.type,
      kind: t.kind,
      value: off,
      openCircuit: false,
      shortCircuit: false,
      isForced: false,
      forcedValue: off,
    };
  });
  const byId = new Map(tags.map((t) => [t.id, t]));

  async function handle(req, res) {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/api/tag/values') {
      return send(
        res,
        200,
        tags.map((t) => ({ id: t.id, value: t.value })),
      );
    }
    if (req.method === 'GET' && path === '/api/tags') return send(res, 200, tags);
    if (req.method === 'PUT' && path === '/api/tag/values') {
      const items = JSON.parse(await readBody(req));
      const errors = [];
      for (const item of items) {
        const tag = byId.get(item.id);
        if (!tag) errors.push({ id: item.id, code: 404, error: `Tag with id '${item.id}' not found.` });
        else if (tag.kind === 'Input')
          errors.push({ id: item.id, code: 406, error: 'Not allowed to set value of an input tag.' });
        else if (!WRITABLE[tag.type](item.value))
          errors.push({ id: item.id, code: 406, error: 'Wrong type.' });
        else tag.value = item.value;
      }
      return send(res, 200, errors);
    }
    return send(res, 404, { code: 404, error: `No such endpoint: ${req.method} ${path}` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 400, { code: 400, error: 'Bad request.' }));
  });
  let plant;
  return {
    server,
    /** Writes the same sine waves as the TagSim plant, every 10 ms. */
    startPlant() {
      const driven = plantTagIndexes(tags.length).map((index) => tags[index]);
      const started = performance.now();
      plant = setInterval(() => {
        const t = performance.now() - started;
        driven.forEach((tag, k) => {
          tag.value = OFFSET + AMPLITUDE * Math.sin((2 * Math.PI * t) / periodMs(k));
        });
      }, 10);
    },
    stopPlant: () => clearInterval(plant),
  };
}
