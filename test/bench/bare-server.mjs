// The benchmark's second baseline, beside the naive server: a bare `node:http` server that answers
// the benchmarked routes from the very same core (TagEngine from dist/, its object reads and
// JSON.stringify) with the same JSON shapes and headers as TagSim, but with no Koa, no router, no
// body reader and no cached answers. The PUT body is parsed with JSON.parse.
import { createServer } from 'node:http';
import { parseTagFilter } from '../../dist/shared/api/query.js';
import { API_PATHS } from '../../dist/shared/api/routes.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends `value` as JSON, with the Content-Type Koa uses. */
function send(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function fail(res, status, error) {
  send(res, status, { code: status, error });
}

/** Reads the whole request body as UTF-8; `undefined` when the request has none. */
function readBody(req) {
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The parsed JSON body, `undefined` when absent or blank; throws SyntaxError on bad JSON. */
async function jsonBody(req) {
  const raw = await readBody(req);
  if (raw === undefined || raw.trim() === '') return undefined;
  return JSON.parse(raw);
}

async function handle(engine, req, res) {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;

  if (path === API_PATHS.tags && req.method === 'GET') {
    const query = q === -1 ? {} : Object.fromEntries(new URLSearchParams(url.slice(q + 1)));
    const parsed = parseTagFilter(query);
    if (!parsed.ok) return fail(res, 400, parsed.error);
    return send(res, 200, engine.listTags(parsed.filter));
  }

  if (path === API_PATHS.values && req.method === 'GET') {
    const refs = await jsonBody(req);
    if (refs !== undefined && !Array.isArray(refs)) {
      return fail(res, 400, 'Request body must be a JSON array of tag id strings.');
    }
    return send(res, 200, engine.readValues('id', refs));
  }

  if (path === API_PATHS.values && req.method === 'PUT') {
    const items = await jsonBody(req);
    if (!Array.isArray(items)) {
      return fail(res, 400, 'Request body must be a JSON array of {"id": ..., "value": ...} items.');
    }
    return send(res, 200, engine.write('set', 'id', items));
  }

  return fail(res, 404, `No such endpoint: ${req.method} ${path}`);
}

/** A `node:http` server (not yet listening) that serves `engine`. */
export function createBareServer(engine) {
  return createServer((req, res) => {
    handle(engine, req, res).catch((error) => {
      if (error instanceof SyntaxError) fail(res, 400, `Request body is not valid JSON: ${error.message}`);
      else fail(res, 500, 'Internal error in the bare server.');
    });
  });
}
