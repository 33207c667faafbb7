// .NET's SDK cannot be installed here, so this client sends what .NET's HttpClient sends, from
// node:http: StringContent's `application/json; charset=utf-8`, a GET with a body (HttpClient
// allows it since .NET 5), and `Expect: 100-continue` on a PUT (HttpClient sends it when
// ExpectContinue is set, a common setting behind proxies). Run as `node client-dotnet-style.mjs
// <base-url>`; prints STEP <name> <status> <body> per step.
import { request } from 'node:http';

const base = process.argv[2];

function send(name, method, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const all = { ...headers };
    if (data !== undefined) {
      all['Content-Type'] = 'application/json; charset=utf-8';
      all['Content-Length'] = Buffer.byteLength(data);
    }
    const req = request(base + path, { method, headers: all }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        console.log('STEP', name, res.statusCode, text.replace(/\n/g, ' '));
        resolve();
      });
    });
    req.on('error', reject);
    // With Expect: 100-continue the body waits for the server's go-ahead, as HttpClient does.
    if (headers.Expect) req.on('continue', () => req.end(data));
    else req.end(data);
  });
}

await send('discover', 'GET', '/api/tags');
await send('read-all', 'GET', '/api/tag/values');
await send('read-by-name', 'GET', '/api/tag/values/by-name', ['Counter', 'Pallet sensor']);
await send(
  'write',
  'PUT',
  '/api/tag/values/by-name',
  [
    { name: 'Conveyor entry', value: true },
    { name: 'Counter', value: 42 },
  ],
  { Expect: '100-continue' },
);
await send('force', 'PUT', '/api/tag/values-force/by-name', [{ name: 'Pallet sensor', value: true }]);
await send('forced', 'GET', '/api/tags/by-name/Pallet%20sensor');
await send('release', 'PUT', '/api/tag/values-release/by-name', ['Pallet sensor'], {
  Expect: '100-continue',
});
await send('fail', 'PUT', '/api/tag/values-alwayson/by-name', [{ name: 'High sensor', value: true }]);
await send('failed', 'GET', '/api/tags/by-name/High%20sensor');
await send('clear', 'PUT', '/api/tag/values-alwayson/by-name', [{ name: 'High sensor', value: false }]);
await send('bad-json', 'PUT', '/api/tag/values', '[{"id": ');
