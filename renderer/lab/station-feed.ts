import type { PlantFrame } from '../../shared/plant/plant-frame.js';
import type { PlantFeedMessage } from '../../shared/plant/plant-feed-messages.js';
import type { PlantLayout } from '../../shared/plant/plant-types.js';
import { errorMessage } from '../../shared/problems/message-text.js';
import type { SimulationStatus } from '../../shared/sim/simulation.js';
import { Notifier } from '../state/observable.js';
import type { PlantFrames } from '../state/plant-feed.js';
import type { LabClient } from './lab-client.js';

/** How long after the feed ended or failed the page opens it again. */
export const FEED_RETRY_MS = 1000;

/**
 * A station's plant as the dashboard's feed pushes it (docs/lab.md): the drawing of its scene
 * and its simulation's status, held here, and the plant's frames, handed to a PlantFeed (the
 * window's own, which applies them and asks again on a gap). Asking again opens the feed again,
 * which starts whole; a feed that ends or fails is opened again FEED_RETRY_MS later.
 */
export class StationFeed implements PlantFrames {
  readonly changes = new Notifier();
  drawing: { readonly scene: string; readonly layout: PlantLayout } | undefined;
  simulation: SimulationStatus | undefined;
  /** Why the feed stopped, until it comes back. */
  error: string | undefined;
  private readonly listeners = new Set<(frame: PlantFrame) => void>();
  private open: AbortController | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly client: LabClient,
    private readonly station: number,
  ) {}

  onFrame(listener: (frame: PlantFrame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  watch(): void {
    this.unwatch();
    const open = new AbortController();
    this.open = open;
    this.client
      .plantFeed(this.station, (message) => this.receive(message), open.signal)
      .then(
        () => 'The dashboard ended the plant feed.',
        (error: unknown) => errorMessage(error),
      )
      .then((why) => {
        if (this.open !== open) return;
        this.open = undefined;
        this.error = why;
        this.changes.notify();
        this.retry = setTimeout(() => this.watch(), FEED_RETRY_MS);
      });
  }

  unwatch(): void {
    clearTimeout(this.retry);
    this.retry = undefined;
    const open = this.open;
    this.open = undefined;
    open?.abort();
  }

  private receive(message: PlantFeedMessage): void {
    if (message.event === 'plant') {
      if (this.error !== undefined) {
        this.error = undefined;
        this.changes.notify();
      }
      for (const listener of this.listeners) listener(message.payload);
      return;
    }
    if (message.event === 'scene') this.drawing = message.payload;
    else this.simulation = message.payload;
    this.changes.notify();
  }
}
