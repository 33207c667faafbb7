import { describe, expect, it } from 'vitest';
import {
  BRIDGE_METHOD_NAMES,
  BRIDGE_SPEC,
  isBridgeEvent,
  isBridgeMethod,
} from '../../shared/bridge/bridge-spec.js';
import { Coalescer } from '../../shared/core/coalescer.js';
import { TrafficMeter } from '../../shared/api/traffic-meter.js';

function fakeClock() {
  let now = 0;
  const timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    schedule: (run: () => void, ms: number) => void timers.push({ at: now + ms, run }),
    advance(ms: number) {
      now += ms;
      for (const t of timers.filter((x) => x.at <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.run();
      }
    },
  };
}

describe('the bridge spec', () => {
  it('names its methods and events as own properties only', () => {
    expect(BRIDGE_METHOD_NAMES).toContain('setFailure');
    expect(isBridgeMethod('getState')).toBe(true);
    expect(isBridgeMethod('toString')).toBe(false);
    expect(isBridgeMethod('__proto__')).toBe(false);
    expect(isBridgeEvent('tags')).toBe(true);
    expect(isBridgeEvent('constructor')).toBe(false);
  });

  it('validates ports as whole numbers in range', () => {
    const check = BRIDGE_SPEC.methods.startServer.args;
    expect(check({ port: 7411 }, 'startServer')).toEqual({ port: 7411 });
    expect(check(undefined, 'startServer')).toBeUndefined();
    expect(() => check({ port: 70000 }, 'startServer')).toThrow(
      'startServer.port must be a whole number from 0 to 65535',
    );
    expect(() => check({ port: 1.5 }, 'startServer')).toThrow();
  });
});

describe('Coalescer', () => {
  it('flushes the first change at once and later ones at most once per interval', () => {
    const clock = fakeClock();
    const flushed: string[][] = [];
    const c = new Coalescer<string>((keys) => flushed.push([...keys]), 33, clock.schedule, clock.now);
    c.add(['a']);
    clock.advance(0);
    expect(flushed).toEqual([['a']]);
    c.add(['b']);
    c.add(['c', 'b']);
    clock.advance(10);
    expect(flushed).toHaveLength(1);
    clock.advance(23);
    expect(flushed).toEqual([['a'], ['b', 'c']]);
    c.add([]);
    clock.advance(100);
    expect(flushed).toHaveLength(2);
  });
});

describe('TrafficMeter', () => {
  it('counts requests in the last second and clients in the last ten', () => {
    const clock = fakeClock();
    const meter = new TrafficMeter(clock.now);
    for (let i = 0; i < 5; i++) meter.record('10.0.0.1');
    meter.record('10.0.0.2');
    expect(meter.read()).toEqual({ requestsPerSecond: 6, clients: 2 });
    clock.advance(1000);
    expect(meter.read()).toEqual({ requestsPerSecond: 0, clients: 2 });
    meter.record('10.0.0.2');
    clock.advance(9500);
    expect(meter.read()).toEqual({ requestsPerSecond: 0, clients: 1 });
    clock.advance(600);
    expect(meter.read()).toEqual({ requestsPerSecond: 0, clients: 0 });
  });

  it('keeps counting correctly under a flood', () => {
    const clock = fakeClock();
    const meter = new TrafficMeter(clock.now);
    for (let i = 0; i < 50_000; i++) {
      meter.record('127.0.0.1');
      if (i % 100 === 0) clock.advance(1);
    }
    // 50 000 requests over 500 ms: all inside the last second.
    expect(meter.read().requestsPerSecond).toBe(50_000);
  });
});
