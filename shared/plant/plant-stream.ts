import { Emitter } from '../core/emitter.js';
import type { PlantSnapshot } from './plant-types.js';
import { Coalescer, type Schedule } from '../core/coalescer.js';
import { diffJson, roundJsonNumbers, type Json } from './json-delta.js';
import { PLANT_UPDATE_INTERVAL_MS, type PlantFrame } from './plant-frame.js';

/** Where the stream reads the plant, and hears that it may have moved. */
export interface PlantSource {
  /** The plant now. */
  snapshot(): PlantSnapshot;
  /**
   * Calls `moved` whenever the plant may have changed (a step, a reset, a new scene); returns the
   * function that stops it. Only called while some window watches.
   */
  follow(moved: () => void): () => void;
}

/** The event a watcher receives: the same object for every watcher of one update. */
export interface PlantMessage {
  readonly event: 'plant';
  readonly payload: PlantFrame;
}

/** One window's watch of the plant. */
export interface PlantWatch {
  /** Sends this window the whole snapshot again (it missed an update). */
  resend(): void;
  stop(): void;
}

/** Decimals kept of positions and speeds: a tenth of a millimetre is more than a drawing shows. */
const DECIMALS = 4;

/**
 * The plant's state for the windows that show it. While nobody watches it takes no snapshot and
 * follows nothing. While some window does, each time the plant may have moved it takes one
 * snapshot at most every `intervalMs`, compares it with the last one, and sends every watcher
 * the same frame of changes (none when nothing moved: a paused plant sends nothing). A window
 * that starts watching gets the last snapshot whole, numbered so that the next changes apply.
 */
export class PlantStream {
  private readonly watchers: Emitter<PlantMessage>;
  private readonly updates: Coalescer<true>;
  private stopFollowing: (() => void) | undefined;
  private last: Json | undefined;
  private seq = 0;
  private disposed = false;

  constructor(
    private readonly source: PlantSource,
    timers: { schedule: Schedule; now: () => number },
    /** Where a window's failing delivery goes; the others still get theirs. */
    reportError: (error: unknown) => void,
    intervalMs = PLANT_UPDATE_INTERVAL_MS,
  ) {
    this.watchers = new Emitter(reportError);
    this.updates = new Coalescer(() => this.update(), intervalMs, timers.schedule, timers.now);
  }

  /** How many windows watch now. */
  get watching(): number {
    return this.watchers.size;
  }

  /** Starts sending `deliver` the plant: the whole snapshot at once, then its changes. */
  watch(deliver: (message: PlantMessage) => void): PlantWatch {
    if (this.disposed) return { resend: () => undefined, stop: () => undefined };
    if (this.watchers.size === 0) {
      this.last = this.take();
      this.seq++;
      this.stopFollowing = this.source.follow(() => this.updates.add([true]));
    }
    const whole = () => deliver(this.fullMessage());
    const unsubscribe = this.watchers.on(deliver);
    let watching = true;
    whole();
    return {
      resend: () => {
        if (watching) whole();
      },
      stop: () => {
        if (!watching) return;
        watching = false;
        unsubscribe();
        if (this.watchers.size === 0) this.idle();
      },
    };
  }

  /** Stops following the plant, whoever still watches (the host is closing). */
  dispose(): void {
    this.disposed = true;
    this.idle();
  }

  private idle(): void {
    this.stopFollowing?.();
    this.stopFollowing = undefined;
    this.last = undefined;
  }

  private take(): Json {
    return roundJsonNumbers(this.source.snapshot() as unknown as Json, DECIMALS);
  }

  private fullMessage(): PlantMessage {
    return { event: 'plant', payload: { seq: this.seq, snapshot: this.last as unknown as PlantSnapshot } };
  }

  private update(): void {
    // A slot booked while someone watched may come after the last one left.
    if (this.watchers.size === 0 || this.last === undefined || this.disposed) return;
    const next = this.take();
    const delta = diffJson(this.last, next);
    if (delta === undefined) return;
    this.last = next;
    this.seq++;
    const message: PlantMessage = { event: 'plant', payload: { seq: this.seq, base: this.seq - 1, delta } };
    this.watchers.emit(message);
  }
}
