// The control API stands beside the tag API, never inside it: with it on (its journal recording
// every request, its chaos looking at every request), the tag API answers every request with the same bytes as with it off, and the
// tags end in the same state. Random requests of every method, target and body, over real HTTP.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { exchange, wellFramedRequest, withoutDate } from '../support/wire-exchange.js';

const station = (control: boolean) =>
  startTagSim({
    server: { port: 0 },
    scene: { synthetic: 60 },
    simulation: { startRunning: false, every: () => () => undefined },
    ...(control ? {} : { control: false as const }),
  });

describe('the tag API with the control API on and off', () => {
  let on: TagSim;
  let off: TagSim;
  const faults: unknown[] = [];

  beforeAll(async () => {
    [on, off] = await Promise.all([station(true), station(false)]);
    for (const t of [on, off]) t.errors.on((e) => faults.push(e));
    // Chaos armed with a rule no request of the tag API matches: each is looked at, none shaped.
    on.control!.chaos.set([{ path: '/tagsim/never', status: 500 }]);
  });
  afterAll(() => Promise.all([on.close(), off.close()]));

  it('answers every request with the same bytes and leaves the tags in the same state', async () => {
    const port = (t: TagSim) => t.server.status.port;
    await fc.assert(
      fc.asyncProperty(wellFramedRequest, async (bytes) => {
        const withControl = await exchange(port(on), bytes);
        const without = await exchange(port(off), bytes);
        expect(withoutDate(withControl)).toBe(withoutDate(without));
        expect(JSON.stringify(on.engine.listTagStates())).toBe(JSON.stringify(off.engine.listTagStates()));
      }),
      { numRuns: 200, interruptAfterTimeLimit: 60_000 },
    );
    expect(on.control?.journal?.size).toBeGreaterThan(0);
    expect(faults).toEqual([]);
  }, 90_000);
});
