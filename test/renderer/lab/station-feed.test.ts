// The dashboard page's side of a station's plant feed (issue 35, point 3): its drawing and status
// held, its frames applied by the window's own PlantFeed, a gap or a lost feed met by opening the
// feed again (which starts whole), and nothing left open once the view closes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlantFeedMessage } from '../../../shared/plant/plant-feed-messages.js';
import type { LabClient } from '../../../renderer/lab/lab-client.js';
import { FEED_RETRY_MS, StationFeed } from '../../../renderer/lab/station-feed.js';
import { PlantFeed } from '../../../renderer/state/plant-feed.js';
import { ALWAYS_CONNECTED } from '../../../renderer/transport/connection.js';

/** A dashboard whose feeds the test drives: each open feed, its messages pushed by hand. */
function fakeDashboard() {
  const opened: {
    station: number;
    push: (m: unknown) => void;
    end: (error?: Error) => void;
    signal: AbortSignal;
  }[] = [];
  const client = {
    plantFeed: (station: number, onMessage: (m: PlantFeedMessage) => void, signal: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('aborted')));
        opened.push({
          station,
          signal,
          push: (m) => onMessage(m as PlantFeedMessage),
          end: (error) => (error ? reject(error) : resolve()),
        });
      }),
  } as unknown as LabClient;
  return { client, opened };
}

const layout = { scene: 'S', width: 1, height: 1, conveyors: [], parts: [], io: [] };
const whole = (seq: number, timeMs: number) => ({
  event: 'plant',
  payload: { seq, snapshot: { timeMs, conveyors: [] } },
});
const tick = (seq: number, timeMs: number) => ({
  event: 'plant',
  payload: { seq, base: seq - 1, delta: { o: { timeMs: { r: timeMs } } } },
});

afterEach(() => vi.useRealTimers());

describe("a station's plant feed on the dashboard page", () => {
  it('holds the drawing and status, applies frames, and opens the feed again on a gap', () => {
    const { client, opened } = fakeDashboard();
    const feed = new StationFeed(client, 2);
    const plant = new PlantFeed(feed, ALWAYS_CONNECTED, () => 7);
    const stop = plant.start();
    expect(opened.map((o) => o.station)).toEqual([2]);
    opened[0]!.push({ event: 'scene', payload: { scene: 'S', layout } });
    opened[0]!.push({ event: 'simulation', payload: { state: 'running', timeScale: 1, timeMs: 0 } });
    opened[0]!.push(whole(1, 0));
    opened[0]!.push(tick(2, 10));
    expect([feed.drawing?.scene, feed.simulation?.state, plant.snapshot?.timeMs]).toEqual([
      'S',
      'running',
      10,
    ]);
    // A frame lost on the way: the feed is opened again, the first one closed.
    opened[0]!.push(tick(4, 30));
    expect(opened).toHaveLength(2);
    expect(opened[0]!.signal.aborted).toBe(true);
    expect(plant.snapshot?.timeMs).toBe(10);
    opened[1]!.push(whole(1, 40));
    expect(plant.snapshot?.timeMs).toBe(40);
    stop();
    expect(opened[1]!.signal.aborted).toBe(true);
  });

  it('says why the feed stopped and opens it again a moment later; closed, it opens nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, opened } = fakeDashboard();
    const feed = new StationFeed(client, 1);
    const plant = new PlantFeed(feed, ALWAYS_CONNECTED);
    const stop = plant.start();
    opened[0]!.end(new Error('The dashboard answered 502.'));
    await vi.waitFor(() => expect(feed.error).toBe('The dashboard answered 502.'));
    vi.advanceTimersByTime(FEED_RETRY_MS);
    expect(opened).toHaveLength(2);
    opened[1]!.push(whole(1, 0));
    expect(feed.error).toBeUndefined();
    opened[1]!.end();
    await vi.waitFor(() => expect(feed.error).toBe('The dashboard ended the plant feed.'));
    stop();
    await vi.advanceTimersByTimeAsync(FEED_RETRY_MS * 5);
    expect(opened).toHaveLength(2);
  });
});
