import type { BridgeClient } from '../../shared/bridge/bridge-client.js';
import type { TagFailure, TagValue } from '../../shared/core/tag-types.js';
import type { PanelControl, PlacedTag } from '../../shared/plant/plant-types.js';
import type { ViewTag } from '../state/tag-store.js';
import { runAction } from '../ui/actions.js';

/** How long a click on a sensor holds it at the other value (plant time passes meanwhile). */
export const PULSE_MS = 500;

/** The bridge's methods a Plant view that may act on tags is given (a window's client has them). */
export type TagActions = Pick<BridgeClient, 'force' | 'release' | 'setFailure' | 'setValue'>;

/** What the Plant view does to tags: the table's actions, through the same bridge methods. */
export interface PlantActions {
  /** Presses a panel button: forced to its pressed value (off for a normally closed one). */
  press(control: PanelControl): void;
  /** Lets a pressed button go: the force released, the button back at rest. */
  letGo(control: PanelControl): void;
  /** A selector or latching button: to its other position, or back where it rests. */
  toggle(control: PanelControl, now: ViewTag | undefined): void;
  /** A sensor seen (or unseen) for a moment: forced to the other value, released PULSE_MS later. */
  pulse(tag: PlacedTag, now: ViewTag | undefined): void;
  force(tag: PlacedTag, value: TagValue): void;
  release(tag: PlacedTag): void;
  setFailure(tag: PlacedTag, failure: TagFailure): void;
  /** Whether forces and failures are offered (a lab's presets may turn them off). */
  readonly faults: boolean;
}

/**
 * The view's actions over the bridge. A momentary press is a force then a release, as the API
 * documentation describes pressing a button (docs/fidelity.md, "Panel buttons"); where a lab's
 * presets turn fault controls off, a press sets the value and sets it back instead, which the
 * host allows for the panel's Inputs (the plant does not drive them). `report` gets each error.
 */
export function plantActions(
  client: TagActions,
  faults: boolean,
  report: (error: string | undefined) => void,
  timers: { setTimeout: typeof setTimeout } = globalThis,
): PlantActions {
  const run = (action: () => Promise<unknown>) =>
    void runAction(action as () => Promise<null>).then((error) => report(error));
  const pressedValue = (c: PanelControl) => !c.normallyClosed;
  return {
    faults,
    press(c) {
      const value = pressedValue(c);
      run(() => (faults ? client.force({ id: c.tag.id, value }) : client.setValue({ id: c.tag.id, value })));
    },
    letGo(c) {
      run(() =>
        faults
          ? client.release({ id: c.tag.id })
          : client.setValue({ id: c.tag.id, value: c.normallyClosed }),
      );
    },
    toggle(c, now) {
      if (faults && now?.isForced) return run(() => client.release({ id: c.tag.id }));
      const value = now?.value !== true;
      run(() => (faults ? client.force({ id: c.tag.id, value }) : client.setValue({ id: c.tag.id, value })));
    },
    pulse(tag, now) {
      if (!faults || tag.type !== 'Bit') return;
      const value = now?.value !== true;
      run(() => client.force({ id: tag.id, value }));
      timers.setTimeout(() => run(() => client.release({ id: tag.id })), PULSE_MS);
    },
    force: (tag, value) => run(() => client.force({ id: tag.id, value })),
    release: (tag) => run(() => client.release({ id: tag.id })),
    setFailure: (tag, failure) => run(() => client.setFailure({ id: tag.id, failure })),
  };
}
