// Fakes of the Electron APIs the shell uses, one file for each part of Electron: just enough
// behaviour to drive the shell's functions without the Electron binary (which build machines do
// not have). This one: the emitter every Electron object is, and its cancellable events.

type AnyListener = (...args: never[]) => unknown;

/** A minimal event emitter with the `on`/`once` shape of Electron's objects. */
export class FakeEmitter {
  private readonly listeners = new Map<string, { listener: AnyListener; once: boolean }[]>();

  on(event: string, listener: AnyListener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), { listener, once: false }]);
    return this;
  }

  once(event: string, listener: AnyListener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), { listener, once: true }]);
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }

  emit(event: string, ...args: unknown[]): void {
    const entries = this.listeners.get(event) ?? [];
    this.listeners.set(
      event,
      entries.filter((e) => !e.once),
    );
    for (const { listener } of entries) (listener as (...a: unknown[]) => unknown)(...args);
  }
}

/** A cancellable Electron event. */
export function fakeEvent<T extends object = object>(params: T = {} as T) {
  let prevented = false;
  return Object.assign(
    {
      preventDefault: () => {
        prevented = true;
      },
      get defaultPrevented() {
        return prevented;
      },
    },
    params,
  );
}
