import type { TagDefinition } from '../core/tag-types.js';
import type { ControlOutputs, SimLifecycle } from './sim-lifecycle.js';
import type { TagMirror } from './tag-mirror.js';

/** The mirror slots of the system tags that the scene has (a synthetic scene has none). */
interface SystemSlots {
  run?: number;
  pause?: number;
  reset?: number;
  running?: number;
  paused?: number;
  resetInput?: number;
  timeScale?: number;
}

/**
 * The lifecycle as a controller sees it, on the scene's system tags: its commands come from the
 * Outputs `FACTORY I/O (Run)`, `(Pause)` and `(Reset)`, and the lifecycle is shown on the Inputs
 * `(Running)`, `(Paused)`, `(Reset)` and `(Time Scale)`. A scene without them (a synthetic one)
 * has the lifecycle all the same; a controller just cannot drive or see it.
 */
export class LifecycleTags {
  private readonly slots: SystemSlots;

  constructor(
    tags: readonly TagDefinition[],
    private readonly mirror: TagMirror,
  ) {
    this.slots = systemSlots(tags, mirror);
  }

  /** The control Outputs as the mirror holds them (effective values: a force on Run counts). */
  controls(): ControlOutputs {
    const on = (slot: number | undefined) => slot !== undefined && this.mirror.current(slot) === true;
    return { run: on(this.slots.run), pause: on(this.slots.pause), reset: on(this.slots.reset) };
  }

  /** Writes the lifecycle's state, Reset pulse and time scale to the system Inputs in the mirror. */
  publish(lifecycle: Pick<SimLifecycle, 'state' | 'resetPulse' | 'timeScale'>): void {
    const { running, paused, resetInput, timeScale } = this.slots;
    if (running !== undefined) this.mirror.write(running, lifecycle.state === 'running');
    if (paused !== undefined) this.mirror.write(paused, lifecycle.state === 'paused');
    if (resetInput !== undefined) this.mirror.write(resetInput, lifecycle.resetPulse);
    if (timeScale !== undefined) this.mirror.write(timeScale, lifecycle.timeScale);
  }
}

function systemSlots(tags: readonly TagDefinition[], mirror: TagMirror): SystemSlots {
  const slot = (name: string, kind: 'Input' | 'Output') => {
    const def = tags.find((t) => t.name === `FACTORY I/O (${name})` && t.kind === kind);
    return def ? mirror.slot(def) : undefined;
  };
  const slots: SystemSlots = {};
  const entries: [keyof SystemSlots, number | undefined][] = [
    ['run', slot('Run', 'Output')],
    ['pause', slot('Pause', 'Output')],
    ['reset', slot('Reset', 'Output')],
    ['running', slot('Running', 'Input')],
    ['paused', slot('Paused', 'Input')],
    ['resetInput', slot('Reset', 'Input')],
    ['timeScale', slot('Time Scale', 'Input')],
  ];
  for (const [key, value] of entries) if (value !== undefined) slots[key] = value;
  return slots;
}
