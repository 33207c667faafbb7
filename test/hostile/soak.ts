// The soak run (`npm run soak -- --seconds N`): a real `tagsim serve --ui --modbus` as a child
// process, fed valid and hostile traffic (the tag API, the window's socket, the control API and
// Modbus TCP) at once for N seconds, bounded in concurrency and time, on 127.0.0.1 only. It prints
// requests, 2xx/4xx/5xx, crashes, lost writes, malformed Modbus answers, the slowest probe and
// the memory of the server, and exits non-zero on any 5xx, crash, lost write or malformed answer.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import fc from 'fast-check';
import { httpRequestBytes, rawExchange } from '../support/raw-http.js';
import { clientFrame, openRawWs } from '../support/raw-ws.js';
import { hostileControlRequest } from './support/control-requests.js';
import { hostileRequest } from './support/http-requests.js';
import { hostileModbusBytes, parseModbusAnswers } from './support/modbus-frames.js';
import { modbusExchange, ModbusTestClient, pdu, registersOf } from '../support/raw-modbus.js';

interface Counts {
  requests: number;
  s2xx: number;
  s4xx: number;
  s5xx: number;
  closedUnanswered: number;
  lostWrites: number;
  checkedWrites: number;
  slowClientsCut: number;
  wsFrames: number;
  wsClosedByServer: number;
  maxProbeMs: number;
  modbusExchanges: number;
  modbusMalformedAnswers: number;
  modbusCheckedWrites: number;
  modbusLostWrites: number;
}

const MAX_SECONDS = 3600;

export async function soak(argv: readonly string[]): Promise<number> {
  const seconds = Math.min(MAX_SECONDS, Math.max(1, Number(option(argv, '--seconds') ?? 60)));
  const bin = option(argv, '--bin') ?? 'dist/main/cli/main.js';
  const child = spawn(
    process.execPath,
    [bin, 'serve', '--ui', '--port', '0', '--modbus', '0', '--synthetic', '200', '--paused'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let stderrLines = 0;
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderrLines += d.toString().split('\n').length - 1));
  let crashed = false;
  child.once('exit', (code, signal) => {
    if (!stopping) {
      crashed = true;
      console.error(`soak: the server exited (code ${code}, signal ${signal})`);
    }
  });
  let stopping = false;
  const started = Date.now();
  while (!/^UI: /m.test(out) && Date.now() - started < 15_000 && !crashed) await sleep(50);
  const port = Number(/Listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1]);
  const token = /\?token=(\S+)/.exec(out)?.[1];
  const modbusPort = Number(/Modbus TCP on 127\.0\.0\.1:(\d+)/.exec(out)?.[1]);
  if (!port || !token || !modbusPort) {
    child.kill('SIGKILL');
    console.error(`soak: tagsim serve did not start:\n${out}`);
    return 1;
  }

  const counts: Counts = {
    requests: 0,
    s2xx: 0,
    s4xx: 0,
    s5xx: 0,
    closedUnanswered: 0,
    lostWrites: 0,
    checkedWrites: 0,
    slowClientsCut: 0,
    wsFrames: 0,
    wsClosedByServer: 0,
    maxProbeMs: 0,
    modbusExchanges: 0,
    modbusMalformedAnswers: 0,
    modbusCheckedWrites: 0,
    modbusLostWrites: 0,
  };
  const rss = { start: 0, peak: 0, end: 0 };
  const readRss = () => rssOf(child.pid!);
  await sleep(500);
  rss.start = readRss();
  const deadline = Date.now() + seconds * 1000;
  const running = () => Date.now() < deadline && !crashed;

  const tally = async (bytes: Buffer, timeoutMs = 5000) => {
    const ex = await rawExchange(port, bytes, { timeoutMs, maxBytes: 64 * 1024 * 1024 });
    counts.requests++;
    if (ex.responses.length === 0) counts.closedUnanswered++;
    for (const r of ex.responses) {
      if (r.status >= 500) {
        counts.s5xx++;
        console.error(`soak: ${r.status} ${r.body.slice(0, 200)}`);
      } else if (r.status >= 400) counts.s4xx++;
      else counts.s2xx++;
    }
    return ex;
  };

  // Int Outputs of the synthetic scene that the hostile generators never name (they use Tag 0-70).
  const checked = Array.from({ length: 200 }, (_, i) => i).filter(
    (i) => i >= 100 && i % 2 === 0 && Math.floor(i / 2) % 3 === 1,
  );
  const writer = async (lane: number) => {
    for (let n = 1; running(); n++) {
      // Each writer has its own tags (every other one): a read shows its own last write.
      const mine = checked.filter((_, k) => k % 2 === lane);
      const name = `Tag ${mine[n % mine.length]}`;
      const value = lane * 1_000_000 + n;
      const put = await tally(
        httpRequestBytes(
          'PUT',
          '/api/tag/values/by-name',
          { Connection: 'close' },
          JSON.stringify([{ name, value }]),
        ),
      );
      if (put.responses[0]?.body !== '[]') continue;
      const read = await tally(
        httpRequestBytes('GET', '/api/tag/values/by-name', { Connection: 'close' }, JSON.stringify([name])),
      );
      counts.checkedWrites++;
      const got = JSON.parse(read.responses[0]?.body ?? '[]') as { value?: unknown }[];
      if (got[0]?.value !== value) {
        counts.lostWrites++;
        console.error(`soak: wrote ${name} = ${value}, read ${JSON.stringify(got)}`);
      }
    }
  };
  const reader = async () => {
    while (running()) {
      await tally(httpRequestBytes('GET', '/api/tags', { Connection: 'close' }));
      await tally(httpRequestBytes('GET', '/api/tag/values', { Connection: 'close' }));
    }
  };
  const hostile = async (seed: number) => {
    const gen = fc.sample(hostileRequest, { numRuns: 2000, seed });
    for (let i = 0; running(); i++) await tally(gen[i % gen.length]!.bytes, 4000);
  };
  // The control API's reading routes (status, journal, OpenAPI...) with hostile targets and bodies:
  // the routes that change the station would make the writers' checks meaningless.
  const control = async (seed: number) => {
    const gen = fc.sample(hostileControlRequest({ mutating: false }), { numRuns: 2000, seed });
    for (let i = 0; running(); i++) await tally(gen[i % gen.length]!.bytes, 4000);
  };
  const slow = async () => {
    while (running()) {
      if (await slowloris(port, running)) counts.slowClientsCut++;
    }
  };
  const ws = async () => {
    const frames = [
      clientFrame(0x1, JSON.stringify({ id: 1, method: 'getScenes' })),
      clientFrame(0x1, JSON.stringify({ id: 2, method: 'setValue', args: { id: 'nope', value: 1 } })),
      clientFrame(0x1, JSON.stringify({ id: 3, method: 'nope' })),
      clientFrame(0x1, Buffer.from([0xc3, 0x28])),
      clientFrame(0x1, '{"id":4}', { rsv: 4 }),
      clientFrame(0x2, Buffer.from([1, 2, 3])),
    ];
    for (let i = 0; running();) {
      const socket = await openRawWs(port, token).catch(() => undefined);
      if (!socket) {
        await sleep(100);
        continue;
      }
      let closed = false;
      void socket.closed.then(() => (closed = true));
      while (!closed && running()) {
        socket.socket.write(frames[i++ % frames.length]!);
        counts.wsFrames++;
        await sleep(5);
      }
      if (closed) counts.wsClosedByServer++;
      socket.socket.destroy();
    }
  };
  const modbusHostile = async (seed: number) => {
    // Holding register writes would race the checked writers of both protocols.
    const gen = fc
      .sample(hostileModbusBytes, { numRuns: 2000, seed })
      .filter((s) => !s.requests?.some((r) => [6, 16, 23].includes(r[0]!)));
    for (let i = 0; running(); i++) {
      const { data } = await modbusExchange(modbusPort, gen[i % gen.length]!.bytes, 50);
      counts.modbusExchanges++;
      const answers = parseModbusAnswers(data);
      if (typeof answers === 'string') {
        counts.modbusMalformedAnswers++;
        console.error(`soak: a malformed Modbus answer: ${answers}`);
      }
    }
  };
  // A PLC's loop: holding registers the HTTP writers and the hostile traffic never touch.
  const modbusPlc = async () => {
    const registers = Array.from({ length: 200 }, (_, i) => i)
      .filter((i) => i % 2 === 0 && Math.floor(i / 2) % 3 !== 0)
      .map((tag, register) => ({ tag, register }))
      .filter(({ tag }) => tag >= 72 && tag < 100 && Math.floor(tag / 2) % 3 === 1);
    while (running()) {
      const client = await ModbusTestClient.open(modbusPort).catch(() => undefined);
      if (!client) {
        await sleep(100);
        continue;
      }
      for (let n = 1; running() && !client.closed; n++) {
        const { register } = registers[n % registers.length]!;
        const value = n % 30_000;
        try {
          await client.request(pdu.writeRegister(register, value));
          const [read] = registersOf(await client.request(pdu.read(3, register, 1)));
          counts.modbusExchanges += 2;
          counts.modbusCheckedWrites++;
          if (read !== value) {
            counts.modbusLostWrites++;
            console.error(`soak: Modbus wrote ${value} to HR ${register}, read ${read}`);
          }
        } catch {
          break;
        }
      }
      client.close();
    }
  };
  const probe = async () => {
    while (running()) {
      const t0 = performance.now();
      await rawExchange(port, httpRequestBytes('GET', '/api/tags/by-name/Tag%200', { Connection: 'close' }));
      counts.maxProbeMs = Math.max(counts.maxProbeMs, performance.now() - t0);
      rss.peak = Math.max(rss.peak, readRss());
      await sleep(250);
    }
  };

  await Promise.all([
    writer(0),
    writer(1),
    reader(),
    hostile(1),
    hostile(2),
    hostile(3),
    control(4),
    slow(),
    ws(),
    modbusHostile(4),
    modbusPlc(),
    probe(),
  ]);
  rss.end = readRss();
  stopping = true;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));

  const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
  console.log(`soak: ${seconds} s against tagsim serve --ui (synthetic 200 tags), Node ${process.version}`);
  console.table({
    requests: counts.requests,
    '2xx': counts.s2xx,
    '4xx': counts.s4xx,
    '5xx': counts.s5xx,
    'closed without an answer': counts.closedUnanswered,
    crashes: crashed ? 1 : 0,
    'writes checked': counts.checkedWrites,
    'lost writes': counts.lostWrites,
    'slow clients cut off': counts.slowClientsCut,
    'window frames': counts.wsFrames,
    'window sockets closed by the server': counts.wsClosedByServer,
    'Modbus exchanges': counts.modbusExchanges,
    'Modbus malformed answers': counts.modbusMalformedAnswers,
    'Modbus writes checked': counts.modbusCheckedWrites,
    'Modbus lost writes': counts.modbusLostWrites,
    'slowest probe (ms)': Math.round(counts.maxProbeMs),
    'RSS at start': mb(rss.start),
    'RSS peak': mb(rss.peak),
    'RSS at end': mb(rss.end),
    'RSS growth': mb(rss.end - rss.start),
    'server log lines': stderrLines,
  });
  const modbusFaults = counts.modbusMalformedAnswers + counts.modbusLostWrites;
  return counts.s5xx > 0 || crashed || counts.lostWrites > 0 || modbusFaults > 0 ? 1 : 0;
}

/** A client that sends its request head one byte every 200 ms; true when the server cut it off. */
function slowloris(port: number, running: () => boolean): Promise<boolean> {
  const head = httpRequestBytes('GET', '/api/tags', { 'X-Padding': 'p'.repeat(200) });
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let sent = 0;
    socket.on('error', () => undefined);
    socket.resume();
    const timer = setInterval(() => {
      if (!running() || sent >= head.length) {
        clearInterval(timer);
        socket.destroy();
        resolve(false);
      } else socket.write(head.subarray(sent, ++sent));
    }, 200);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(sent < head.length && running());
    });
  });
}

function rssOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function option(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
