import type { BridgeClient } from '../../shared/bridge/bridge-client.js';
import { applyJsonDelta, type Json, type JsonDelta } from '../../shared/plant/json-delta.js';
import type { PlantFrame } from '../../shared/plant/plant-frame.js';
import type { PlantSnapshot } from '../../shared/plant/plant-types.js';
import type { ConnectionSource } from '../transport/connection.js';
import { Notifier } from './observable.js';

/**
 * Where a PlantFeed gets the plant's frames: the bridge (a window's), or the lab dashboard's
 * plant feed (renderer/lab/station-feed.ts). Both send the same frames of one PlantStream.
 */
export interface PlantFrames {
  /** Hears every frame; returns the function that stops. */
  onFrame(listener: (frame: PlantFrame) => void): () => void;
  /** Asks for the whole snapshot, then the changes (asked again: the whole snapshot again). */
  watch(): void;
  /** No more frames. */
  unwatch(): void;
}

/** A window's frames: the bridge's `plant` events, asked for with watchPlant. */
export function bridgePlantFrames(client: BridgeClient): PlantFrames {
  return {
    onFrame: (listener) => client.on('plant', listener),
    // Refused while the socket is down; the next connection asks again.
    watch: () => void client.watchPlant(undefined).catch(() => undefined),
    unwatch: () => void client.unwatchPlant(undefined).catch(() => undefined),
  };
}

/**
 * The plant's state in a view that shows the Plant view (issue 23): while started, it watches
 * the plant (over the bridge, or the dashboard's feed), applies each update's changes to the snapshot it holds, and asks
 * for the whole snapshot again when it finds a gap (a lost update, a new connection after the
 * socket dropped). Stopped, it tells the host, which then sends this window nothing more.
 */
export class PlantFeed {
  readonly changes = new Notifier();
  /** The plant as the last update left it; undefined until the first one came. */
  snapshot: PlantSnapshot | undefined;
  /** When that update came, on the clock given (performance.now in a window). */
  receivedAt = 0;
  private seq = -1;
  /** A whole snapshot was asked for and has not come yet: changes until then are of no use. */
  private awaitingWhole = false;

  constructor(
    private readonly frames: PlantFrames,
    private readonly link: ConnectionSource,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Starts watching; returns the function that stops. */
  start(): () => void {
    const stopEvents = this.frames.onFrame((frame) => this.receive(frame));
    const stopLink = this.link.onConnection((state) => {
      // A new connection is a new session on the host: it watches nothing until asked.
      if (state.status === 'connected') this.watch();
    });
    this.watch();
    return () => {
      stopEvents();
      stopLink();
      this.frames.unwatch();
    };
  }

  /** Takes one update: a whole snapshot, or changes to the one held. */
  receive(frame: PlantFrame): void {
    if ('snapshot' in frame) {
      this.awaitingWhole = false;
      this.set(frame.snapshot, frame.seq);
      return;
    }
    if (this.awaitingWhole) return;
    if (this.snapshot === undefined || frame.base !== this.seq) return this.watch();
    let next: Json;
    try {
      next = applyJsonDelta(this.snapshot as unknown as Json, frame.delta as JsonDelta);
    } catch {
      return this.watch();
    }
    this.set(next as unknown as PlantSnapshot, frame.seq);
  }

  private set(snapshot: PlantSnapshot, seq: number): void {
    this.snapshot = snapshot;
    this.seq = seq;
    this.receivedAt = this.now();
    this.changes.notify();
  }

  /** Asks for the whole snapshot (watching again is how; the host sends it first). */
  private watch(): void {
    this.awaitingWhole = true;
    this.frames.watch();
  }
}
