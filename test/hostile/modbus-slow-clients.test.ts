// Slow Modbus clients (docs/reliability.md, "Modbus TCP"): a client that trickles a frame a byte
// at a time, or 64 of them at once, over real sockets to a real TagSim on 127.0.0.1. A started
// frame has a deadline (short here, 10 s by default) that bytes arriving do not reset, and when
// every slot is taken a newcomer takes the slot of the client that has waited longest for a whole
// request, so a well-behaved client is answered while the slow ones trickle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { exceptionOf, frame, ModbusTestClient, pdu } from '../support/raw-modbus.js';

const FRAME_TIMEOUT_MS = 2500;
/** Slower than the frame deadline allows for a whole frame, far quicker than the idle limit. */
const BYTE_EVERY_MS = 400;
const SLOTS = 64;

let tagsim: TagSim;
let port: number;
beforeAll(async () => {
  tagsim = await startTagSim({
    server: { port: 0 },
    scene: { synthetic: 10 },
    simulation: { startRunning: false },
    // The idle limit stays at its default (60 s): each byte would reset it.
    modbus: { port: 0, maxClients: SLOTS, frameTimeoutMs: FRAME_TIMEOUT_MS },
  });
  port = tagsim.modbus!.status.port;
});
afterAll(() => tagsim.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client sending one read request a byte at a time; stops when closed or the frame is sent. */
interface Trickler {
  client: ModbusTestClient;
  answers: number;
  done: Promise<void>;
}

async function trickle(): Promise<Trickler> {
  const client = await ModbusTestClient.open(port);
  const bytes = frame(1, 1, pdu.read(3, 0, 1));
  const trickler: Trickler = { client, answers: 0, done: Promise.resolve() };
  client.socket.on('data', () => trickler.answers++);
  trickler.done = (async () => {
    for (let i = 0; i < bytes.length && !client.closed; i++) {
      client.send(bytes.subarray(i, i + 1));
      await sleep(BYTE_EVERY_MS);
    }
  })();
  return trickler;
}

/** Whether a fresh connection's plain read is answered (false when refused or closed). */
async function plainRequestAnswered(): Promise<boolean> {
  try {
    const client = await ModbusTestClient.open(port);
    try {
      return exceptionOf(await client.request(pdu.read(3, 0, 1), 1)) === undefined;
    } finally {
      client.close();
    }
  } catch {
    return false;
  }
}

describe('a slow Modbus client', () => {
  it('trickling one frame a byte at a time is closed at the frame deadline, unanswered', async () => {
    const slow = await trickle();
    expect(await slow.client.whenClosed(FRAME_TIMEOUT_MS + 5000)).toBe(true);
    await slow.done;
    expect(slow.answers).toBe(0);
    expect(await plainRequestAnswered()).toBe(true);
  }, 20_000);

  it('64 of them at once lock no one out: a newcomer takes the slowest slot, and each slow one is closed', async () => {
    const slow = await Promise.all(Array.from({ length: SLOTS }, () => trickle()));
    await expect.poll(() => tagsim.modbus!.status.clients).toBe(SLOTS);
    // Every slot has now waited over a second for a whole request; the deadline is further off.
    await sleep(1200);
    expect(slow.every((s) => !s.client.closed)).toBe(true);

    const good = await ModbusTestClient.open(port);
    const answer = await good.request(pdu.read(3, 0, 1), 1).then(
      (r) => exceptionOf(r) === undefined,
      () => false,
    );
    expect(answer, 'the well-behaved client is answered').toBe(true);
    expect(
      slow.filter((s) => s.client.closed).length,
      'one slow client gave up its slot',
    ).toBeGreaterThanOrEqual(1);
    good.close();

    const closed = await Promise.all(slow.map((s) => s.client.whenClosed(FRAME_TIMEOUT_MS + 5000)));
    expect(closed.every(Boolean), 'every slow client is closed by the frame deadline').toBe(true);
    await Promise.all(slow.map((s) => s.done));
    expect(slow.reduce((sum, s) => sum + s.answers, 0)).toBe(0);
    await expect.poll(() => tagsim.modbus!.status.clients).toBe(0);
  }, 30_000);

  it('when every slot has just been taken, a newcomer is refused and the holders keep their slots', async () => {
    const holders = await Promise.all(Array.from({ length: SLOTS }, () => ModbusTestClient.open(port)));
    await expect.poll(() => tagsim.modbus!.status.clients).toBe(SLOTS);
    expect(await plainRequestAnswered()).toBe(false);
    const answered = await Promise.all(
      holders.map((c) => c.request(pdu.read(3, 0, 1), 1).then((r) => exceptionOf(r) === undefined)),
    );
    expect(answered.every(Boolean)).toBe(true);
    for (const c of holders) c.close();
    await expect.poll(() => tagsim.modbus!.status.clients).toBe(0);
  }, 20_000);
});
