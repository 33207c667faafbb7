/** A listener of one event type; returns nothing, its errors are reported, never propagated. */
export type Listener<T> = (event: T) => void;

/**
 * A minimal typed event source. `on()` returns the function that unsubscribes, so callers cannot
 * leak a listener by losing a reference to it.
 */
export class Emitter<T> {
  private readonly listeners = new Set<Listener<T>>();

  constructor(private readonly reportError: (error: unknown) => void) {}

  on(listener: Listener<T>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        // One broken subscriber (a closed window, say) must not stop the others or the writer.
        this.reportError(error);
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
