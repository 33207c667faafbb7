// The Plant view's stream (issue 23): nothing while nobody watches, the whole snapshot to a window
// that starts, then only changes, at most one update per slot, nothing when nothing moved.
import { describe, expect, it, vi } from 'vitest';
import { applyJsonDelta, type Json } from '../../shared/plant/json-delta.js';
import { PLANT_UPDATE_INTERVAL_MS, type PlantFrame } from '../../shared/plant/plant-frame.js';
import { PlantStream, type PlantMessage, type PlantSource } from '../../shared/plant/plant-stream.js';
import type { PlantSnapshot } from '../../shared/plant/plant-types.js';

function fakeClock() {
  let now = 0;
  const timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    schedule: (run: () => void, ms: number) => void timers.push({ at: now + ms, run }),
    pending: () => timers.length,
    advance(ms: number) {
      now += ms;
      for (const t of timers.filter((x) => x.at <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.run();
      }
    },
  };
}

/** A plant with one belt whose item moves when the test says so. */
function fakePlant() {
  let front = 0.5;
  let timeMs = 0;
  let moved: (() => void) | undefined;
  const source: PlantSource = {
    snapshot: vi.fn((): PlantSnapshot => ({
      timeMs,
      conveyors: [
        { name: 'Belt', running: true, speed: 0.3, items: [{ id: 1, label: 'box', front, length: 0.4 }] },
      ],
    })),
    follow: vi.fn((listener: () => void) => {
      moved = listener;
      return () => (moved = undefined);
    }),
  };
  return {
    source,
    following: () => moved !== undefined,
    step(metres = 0.01) {
      front += metres;
      timeMs += 10;
      moved?.();
    },
    /** Tells the stream it may have moved, without moving. */
    nudge: () => moved?.(),
  };
}

/** A window: the frames it got, and the snapshot it would draw. */
function window() {
  const frames: PlantFrame[] = [];
  let snapshot: Json | undefined;
  let seq = -1;
  const deliver = (message: PlantMessage) => {
    frames.push(message.payload);
    const frame = message.payload;
    if ('snapshot' in frame) snapshot = frame.snapshot as unknown as Json;
    else {
      expect(frame.base).toBe(seq);
      snapshot = applyJsonDelta(snapshot!, frame.delta);
    }
    seq = frame.seq;
  };
  return { frames, deliver, drawn: () => snapshot as unknown as PlantSnapshot };
}

describe('the plant stream', () => {
  it('takes no snapshot and follows nothing while nobody watches', () => {
    const clock = fakeClock();
    const plant = fakePlant();
    const stream = new PlantStream(plant.source, clock, vi.fn());
    plant.step();
    clock.advance(1000);
    expect(plant.source.snapshot).not.toHaveBeenCalled();
    expect(plant.source.follow).not.toHaveBeenCalled();
    expect(stream.watching).toBe(0);
  });

  it('sends a new window the whole snapshot at once, then the changes as the plant moves', () => {
    const clock = fakeClock();
    const plant = fakePlant();
    const stream = new PlantStream(plant.source, clock, vi.fn());
    const w = window();
    stream.watch(w.deliver);
    expect(w.frames).toHaveLength(1);
    expect(w.frames[0]).toMatchObject({ snapshot: { timeMs: 0 } });
    plant.step(0.2);
    clock.advance(0);
    expect(w.frames).toHaveLength(2);
    expect(w.frames[1]).toHaveProperty('delta');
    expect(w.drawn().conveyors[0]!.items[0]!.front).toBeCloseTo(0.7, 9);
    expect(w.drawn().timeMs).toBe(10);
  });

  it('sends at most one update per slot however often the plant steps', () => {
    const clock = fakeClock();
    const plant = fakePlant();
    const stream = new PlantStream(plant.source, clock, vi.fn());
    const w = window();
    stream.watch(w.deliver);
    for (let ms = 0; ms < 1000; ms += 10) {
      plant.step();
      clock.advance(10);
    }
    const updates = w.frames.length - 1;
    expect(updates).toBeLessThanOrEqual(Math.ceil(1000 / PLANT_UPDATE_INTERVAL_MS));
    expect(updates).toBeGreaterThanOrEqual(25);
    // The last one shows where the plant is.
    clock.advance(PLANT_UPDATE_INTERVAL_MS);
    expect(w.drawn().timeMs).toBe(1000);
  });

  it('sends nothing when the plant did not change (paused)', () => {
    const clock = fakeClock();
    const plant = fakePlant();
    const stream = new PlantStream(plant.source, clock, vi.fn());
    const w = window();
    stream.watch(w.deliver);
    for (let i = 0; i < 10; i++) {
      plant.nudge();
      clock.advance(50);
    }
    expect(w.frames).toHaveLength(1);
  });

  it('gives a window that joins later the last snapshot, numbered so the next changes apply to it', () => {
    const clock = fakeClock();
    const plant = fakePlant();
    const stream = new PlantStream(plant.source, clock, vi.fn());
    const first = window();
    stream.watch(first.deliver);
    plant.step();
    clock.advance(50);
    const late = window();
    stream.watch(late.deliver);
    expect(late.frames[0]).toMatchObject({ seq: first.frames.at(-1)!.seq });
    plant.step();
    clock.advance(50);
    expect(late.drawn()).toEqual(first.drawn());
    expect(late.frames.at(-1)).toBe(first.frames.at(-1));
  });

  it('sends the whole snapshot again to a window that asks (it missed an update)', () => {
    const clock = fakeClock();
    const plant = fakePlant();
    const stream = new PlantStream(plant.source, clock, vi.fn());
    const w = window();
    const watch = stream.watch(w.deliver);
    plant.step();
    clock.advance(50);
    watch.resend();
    expect(w.frames.at(-1)).toMatchObject({ seq: 2, snapshot: { timeMs: 10 } });
  });

  it('stops following the plant when the last window stops, even with an update booked', () => {
    const clock = fakeClock();
    const plant = fakePlant();
    const stream = new PlantStream(plant.source, clock, vi.fn());
    const a = stream.watch(window().deliver);
    const b = stream.watch(window().deliver);
    plant.step();
    clock.advance(0);
    plant.step();
    a.stop();
    expect(plant.following()).toBe(true);
    b.stop();
    b.stop();
    expect(plant.following()).toBe(false);
    const taken = vi.mocked(plant.source.snapshot).mock.calls.length;
    clock.advance(1000);
    expect(plant.source.snapshot).toHaveBeenCalledTimes(taken);
    expect(stream.watching).toBe(0);
  });

  it('keeps serving the other windows when one fails to take its update', () => {
    const clock = fakeClock();
    const plant = fakePlant();
    const reportError = vi.fn();
    const stream = new PlantStream(plant.source, clock, reportError);
    let broken = false;
    stream.watch(() => {
      if (broken) throw new Error('gone');
    });
    const w = window();
    stream.watch(w.deliver);
    broken = true;
    plant.step();
    clock.advance(0);
    expect(w.frames).toHaveLength(2);
    expect(reportError).toHaveBeenCalledWith(new Error('gone'));
  });

  it('rounds positions to a tenth of a millimetre', () => {
    const clock = fakeClock();
    const plant = fakePlant();
    const stream = new PlantStream(plant.source, clock, vi.fn());
    const w = window();
    stream.watch(w.deliver);
    plant.step(1 / 3);
    clock.advance(0);
    expect(w.drawn().conveyors[0]!.items[0]!.front).toBe(0.8333);
  });

  it('after dispose, follows nothing and watches start nothing', () => {
    const clock = fakeClock();
    const plant = fakePlant();
    const stream = new PlantStream(plant.source, clock, vi.fn());
    stream.watch(window().deliver);
    stream.dispose();
    expect(plant.following()).toBe(false);
    const w = window();
    stream.watch(w.deliver);
    expect(w.frames).toEqual([]);
    expect(plant.following()).toBe(false);
  });
});
