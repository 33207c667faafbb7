// A client of the simulator's Web API in Node with fetch, as Node users write one. fetch cannot
// send a GET with a body, so the by-name read goes through node:http, as such users end up doing.
// Run as `node client-fetch.mjs <base-url>`; prints STEP <name> <status> <body> per step.
import { request } from 'node:http';

const base = process.argv[2];

async function step(name, method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  console.log('STEP', name, res.status, (await res.text()).replace(/\n/g, ' '));
}

function getWithBody(name, path, body) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(
      base + path,
      { method: 'GET', headers: { 'Content-Length': Buffer.byteLength(data) } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          console.log('STEP', name, res.statusCode, text);
          resolve();
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

await step('discover', 'GET', '/api/tags');
await step('read-all', 'GET', '/api/tag/values');
await getWithBody('read-by-name', '/api/tag/values/by-name', ['Counter', 'Pallet sensor']);
await step('write', 'PUT', '/api/tag/values/by-name', [
  { name: 'Conveyor entry', value: true },
  { name: 'Counter', value: 42 },
]);
await step('force', 'PUT', '/api/tag/values-force/by-name', [{ name: 'Pallet sensor', value: true }]);
await step('forced', 'GET', `/api/tags/by-name/${encodeURIComponent('Pallet sensor')}`);
await step('release', 'PUT', '/api/tag/values-release/by-name', ['Pallet sensor']);
await step('fail', 'PUT', '/api/tag/values-alwayson/by-name', [{ name: 'High sensor', value: true }]);
await step('failed', 'GET', `/api/tags/by-name/${encodeURIComponent('High sensor')}`);
await step('clear', 'PUT', '/api/tag/values-alwayson/by-name', [{ name: 'High sensor', value: false }]);
await step('bad-json', 'PUT', '/api/tag/values', '[{"id": ');
