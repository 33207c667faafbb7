// A client of the simulator's Web API in Node with axios (it sends a GET body as `data`).
// Run as `node client-axios.mjs <base-url>`; prints STEP <name> <status> <body> per step.
import axios from 'axios';

const api = axios.create({
  baseURL: process.argv[2],
  timeout: 10_000,
  validateStatus: () => true,
  transformResponse: (x) => x,
});

async function step(name, method, url, data) {
  const res = await api.request({ method, url, data });
  console.log('STEP', name, res.status, String(res.data).replace(/\n/g, ' '));
}

await step('discover', 'get', '/api/tags');
await step('read-all', 'get', '/api/tag/values');
await step('read-by-name', 'get', '/api/tag/values/by-name', ['Counter', 'Pallet sensor']);
await step('write', 'put', '/api/tag/values/by-name', [
  { name: 'Conveyor entry', value: true },
  { name: 'Counter', value: 42 },
]);
await step('force', 'put', '/api/tag/values-force/by-name', [{ name: 'Pallet sensor', value: true }]);
await step('forced', 'get', `/api/tags/by-name/${encodeURIComponent('Pallet sensor')}`);
await step('release', 'put', '/api/tag/values-release/by-name', ['Pallet sensor']);
await step('fail', 'put', '/api/tag/values-alwayson/by-name', [{ name: 'High sensor', value: true }]);
await step('failed', 'get', `/api/tags/by-name/${encodeURIComponent('High sensor')}`);
await step('clear', 'put', '/api/tag/values-alwayson/by-name', [{ name: 'High sensor', value: false }]);
await step('bad-json', 'put', '/api/tag/values', '[{"id": ');
