// The hostile-input suite for the Modbus client (docs/modbus.md#the-modbus-tcpip-client): TagSim
// scans a controller over real TCP that answers its requests as fast-check says (garbage,
// exceptions, another transaction id, misshapen answers, no answer, half a frame then gone, a
// frame nobody asked for). Whatever it does: no crash, the API answers on, an exception is a
// warning on a connection that lives, anything else ends that connection with its reason, and
// a controller that behaves is scanned again.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { untilStatus } from '../support/driver-waits.js';
import { breaks, startHostileController, type HostileAnswer } from './support/hostile-controller.js';

const answer: fc.Arbitrary<HostileAnswer> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'good' } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'trickle' } as const) },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 1, max: 255 }).map((code) => ({ kind: 'exception', code }) as const),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'wrongTransaction' } as const) },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ minLength: 1, maxLength: 300 })
      .map((bytes) => ({ kind: 'garbage', bytes }) as const),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('functionCode', 'length', 'echo')
      .map((variant) => ({ kind: 'misshapen', variant }) as const),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'silent' } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'halfThenClose' } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'close' } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'extra' } as const) },
);

const open: { close(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

// An answer's time limit well above what a loaded test machine may stall the event loop for: a
// good answer that comes late there must not read as a silent controller.
const TIMEOUT_MS = 1000;

async function scanning(port: number): Promise<TagSim> {
  const tagsim = await startTagSim({
    server: { port: 0 },
    simulation: { startRunning: false, every: () => () => undefined },
    control: false,
    modbusClient: { host: '127.0.0.1', port, slaveId: 1, scanTimeMs: 5, timeoutMs: TIMEOUT_MS },
  });
  open.push(tagsim);
  return tagsim;
}

describe('the Modbus client against a hostile controller', () => {
  it('takes exceptions as warnings, ends the connection on anything else, and serves on', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answer, { minLength: 1, maxLength: 8 }), async (plan) => {
        const controller = await startHostileController(plan);
        const tagsim = await scanning(controller.port);
        const driver = tagsim.clients.all[0]!;
        const breaking = plan.findIndex(breaks);
        const errors: unknown[] = [];
        tagsim.errors.on((e) => errors.push(e));
        try {
          if (breaking >= 0) {
            const lost = await untilStatus(driver, (s) => s.state === 'disconnected', 3000);
            expect(lost.error, JSON.stringify(plan[breaking])).toMatch(/\S/);
            // Nothing after the answer that broke it was asked on that connection (but the one
            // request that may leave before a frame nobody asked for arrives behind its answer).
            const after = plan[breaking]!.kind === 'extra' ? [breaking + 1, breaking + 2] : [breaking + 1];
            expect(after).toContain(controller.heard.length);
          } else {
            // Every request of the plan answered, and scanning on past it, on the one connection.
            await expect
              .poll(() => controller.heard.length, { timeout: 3000 })
              .toBeGreaterThan(plan.length + 3);
            expect(driver.status.state).toBe('connected');
            expect(controller.connections).toBe(1);
          }
          const answer = await fetch(`${tagsim.url}/api/tags`);
          expect(answer.status).toBe(200);
          expect(errors).toEqual([]);
        } finally {
          await tagsim.close();
          await controller.close();
        }
      }),
      { numRuns: 20 },
    );
  });

  it('reconnects to the same controller once it behaves', async () => {
    const controller = await startHostileController([{ kind: 'good' }, { kind: 'halfThenClose' }]);
    open.push(controller);
    const tagsim = await scanning(controller.port);
    const driver = tagsim.clients.all[0]!;
    await untilStatus(driver, (s) => s.state === 'disconnected');
    await untilStatus(driver, (s) => s.state === 'connected');
    expect(controller.connections).toBe(2);
  });

  it('shows the reason of each kind of breach in words', async () => {
    const reasons: Record<string, RegExp> = {
      wrongTransaction: /^the controller answered transaction \d+; the request was \d+$/,
      silent: new RegExp(`^no answer within ${TIMEOUT_MS} ms$`),
      close: /^the controller (closed|reset) the connection$/,
      extra: /^the controller sent an answer no request asked for$/,
    };
    for (const [kind, reason] of Object.entries(reasons)) {
      const controller = await startHostileController([{ kind } as HostileAnswer]);
      const tagsim = await scanning(controller.port);
      const lost = await untilStatus(tagsim.clients.all[0]!, (s) => s.state === 'disconnected');
      expect(lost.error, kind).toMatch(reason);
      await tagsim.close();
      await controller.close();
    }
    const misshapen = await startHostileController([{ kind: 'misshapen', variant: 'echo' }]);
    open.push(misshapen);
    const tagsim = await scanning(misshapen.port);
    const lost = await untilStatus(tagsim.clients.all[0]!, (s) => s.state === 'disconnected');
    expect(lost.error).toBe('the controller sent an answer to FC 15 of 5 bytes, not its range 0+14 echoed');
  });
});
