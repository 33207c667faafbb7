/** Live traffic of the API. */
export interface TrafficStats {
  /** Requests answered in the last second. */
  requestsPerSecond: number;
  /** Distinct client addresses seen in the last 10 seconds. */
  clients: number;
}

const SLOT_MS = 100;
const SLOTS = 10; // one second of 100 ms slots
const CLIENT_WINDOW_MS = 10_000;

/**
 * Counts API requests for the status bar: requests in the last second (in 100 ms slots, so a
 * flood costs constant memory and time) and distinct client addresses in the last 10 s.
 */
export class TrafficMeter {
  private readonly counts = new Array<number>(SLOTS).fill(0);
  private currentSlot = 0;
  private readonly clientsLastSeen = new Map<string, number>();

  constructor(private readonly now: () => number) {
    this.currentSlot = Math.floor(now() / SLOT_MS);
  }

  record(clientAddress: string): void {
    const t = this.now();
    this.advance(t);
    this.counts[this.currentSlot % SLOTS]!++;
    this.clientsLastSeen.set(clientAddress, t);
  }

  read(): TrafficStats {
    const t = this.now();
    this.advance(t);
    for (const [client, seen] of this.clientsLastSeen) {
      if (seen <= t - CLIENT_WINDOW_MS) this.clientsLastSeen.delete(client);
    }
    return { requestsPerSecond: this.counts.reduce((a, b) => a + b, 0), clients: this.clientsLastSeen.size };
  }

  private advance(t: number): void {
    const slot = Math.floor(t / SLOT_MS);
    const steps = Math.min(slot - this.currentSlot, SLOTS);
    for (let i = 1; i <= steps; i++) this.counts[(this.currentSlot + i) % SLOTS] = 0;
    if (slot > this.currentSlot) this.currentSlot = slot;
  }
}
