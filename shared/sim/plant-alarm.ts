/** What an alarm compares after each tick: the plant's own counts and time. */
interface PlantMoment {
  readonly timeMs: number;
  /** Grows whenever an item comes or goes or a belt starts or stops. */
  readonly changes: number;
}

/**
 * Tells a watcher (a grader) when to look at the station again, so that it need not look at
 * every tick: once armed, it wakes its listener once, after the first tick (or restart) at which
 * a tag changed, an item came or went, a belt started or stopped, the plant started over, or plant
 * time reached the moment it was armed for. Then it is disarmed until armed again.
 */
export interface PlantAlarm {
  /** Arms it from now: `atMs` is a time of the plant running now (Infinity: on a change only). */
  arm(atMs: number): void;
  disarm(): void;
}

interface Armed {
  readonly listener: () => void;
  plant: PlantMoment | undefined;
  changes: number;
  version: number;
  atMs: number;
}

/**
 * A simulation's alarms (simulation.ts): it checks them after each tick, a few comparisons each,
 * and nothing at all while none is armed.
 */
export class PlantAlarms {
  private readonly armed = new Set<Armed>();

  constructor(
    private readonly plant: () => PlantMoment,
    /** The engine's version: moves on every change of a tag's value, force or failure. */
    private readonly version: () => number,
  ) {}

  /** An alarm that wakes `listener`; it starts disarmed. */
  add(listener: () => void): PlantAlarm {
    const alarm: Armed = { listener, plant: undefined, changes: 0, version: 0, atMs: Infinity };
    return {
      arm: (atMs) => {
        const plant = this.plant();
        alarm.plant = plant;
        alarm.changes = plant.changes;
        alarm.version = this.version();
        alarm.atMs = atMs;
        this.armed.add(alarm);
      },
      disarm: () => void this.armed.delete(alarm),
    };
  }

  /** After a tick or a restart: wakes each armed alarm whose moment came. */
  check(): void {
    if (this.armed.size === 0) return;
    const plant = this.plant();
    const version = this.version();
    for (const alarm of this.armed) {
      if (
        alarm.plant === plant &&
        alarm.changes === plant.changes &&
        alarm.version === version &&
        plant.timeMs < alarm.atMs
      )
        continue;
      this.armed.delete(alarm);
      alarm.listener();
    }
  }
}
