// The floor under every server of the benchmark: `node:http` answering every request with one
// constant body (the bytes TagSim answers to GET /api/tag/values for the benchmark scene of N
// tags, values still) and the same headers, and doing nothing else. What a GET costs here is
// Node's own HTTP cost; docs/performance.md measures TagSim and the naive server against it:
//
//   node test/bench/floor-server.mjs <tagCount> [port]
//
// It listens on 127.0.0.1 only (port 0, a free one, unless given) and prints its port.
import { createServer } from 'node:http';
import { TagEngine } from '../../dist/shared/core/tag-engine.js';
import { benchScene } from './bench-scene.mjs';

const [countArg, portArg = '0'] = process.argv.slice(2);
const tagCount = Number(countArg);
const port = Number(portArg);
if (!Number.isInteger(tagCount) || tagCount < 1 || !Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write('usage: node test/bench/floor-server.mjs <tagCount> [port]\n');
  process.exit(2);
}

const body = Buffer.from(new TagEngine(benchScene(tagCount)).readValuesJson('id'));
const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length };
const server = createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(port, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(0));
