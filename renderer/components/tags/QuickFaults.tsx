import { useState } from 'preact/hooks';
import type { ActionResult } from '../../../shared/bridge/bridge-spec.js';
import { tagDistinctions } from '../../../shared/core/tag-distinctions.js';
import type { TagFailure, TagValue } from '../../../shared/core/tag-types.js';
import type { TagStore, ViewTag } from '../../state/tag-store.js';
import { failureOf, FAILURE_LABELS, formatValue } from '../../state/value-entry.js';
import { runAction } from '../../ui/actions.js';
import type { BridgeClient } from '../../../shared/bridge/bridge-client.js';

/** The failures a tag can have, in the order the window offers them. */
export const FAILURES: readonly TagFailure[] = ['none', 'alwaysOff', 'alwaysOn'];

/** What the quick faults need: the pinned tags, the selected one, and the bridge to act through. */
export interface QuickFaultsProps {
  tag: ViewTag | undefined;
  client: BridgeClient;
  pinnedIds: readonly string[];
  store: TagStore;
  disabled: boolean;
  onSelect(id: string): void;
}

/** The pinned tags with their faults in one click each, as the tray's Quick faults menu. */
export function QuickFaults(props: QuickFaultsProps) {
  const tags = props.pinnedIds.flatMap((id) => props.store.get(id) ?? []);
  // The kind, or more where pinned tags share a name and kind (the simulator's unnamed "-").
  const distinction = tagDistinctions(tags);
  const qualifier = (tag: ViewTag) => distinction(tag) ?? tag.kind;
  const [error, setError] = useState<string | undefined>();
  const act = (action: () => Promise<ActionResult | void>) => void runAction(action).then(setError);
  return (
    <section class="quick-faults" aria-labelledby="quick-faults-heading">
      <h3 id="quick-faults-heading">Quick faults</h3>
      {tags.length === 0 ? (
        <p class="muted">Pin tags (☆ or P) to keep them at hand here and in the tray menu.</p>
      ) : (
        <ul>
          {tags.map((tag) => {
            const failure = failureOf(tag);
            const force = quickForce(tag);
            return (
              <li key={tag.id} class="quick-item">
                <button
                  type="button"
                  class={tag.id === props.tag?.id ? 'quick-fault current' : 'quick-fault'}
                  onClick={() => props.onSelect(tag.id)}
                >
                  <span class="quick-name">{tag.name}</span>
                  <span class="quick-kind">{qualifier(tag)}</span>
                  {tag.isForced ? <span class="pill pill-forced">Forced</span> : null}
                  {failure !== 'none' ? (
                    <span class={`pill ${failure === 'alwaysOn' ? 'pill-on' : 'pill-off'}`}>
                      {FAILURE_LABELS[failure]}
                    </span>
                  ) : null}
                </button>
                {/* The tray's quick-fault menu, in one click each: a failure, or a force. */}
                <div
                  class="quick-actions"
                  role="group"
                  aria-label={`Quick faults of ${tag.name} (${qualifier(tag)})`}
                >
                  {FAILURES.map((next) => (
                    <button
                      key={next}
                      type="button"
                      class="quick-action"
                      aria-pressed={failure === next}
                      aria-label={FAILURE_LABELS[next]}
                      title={FAILURE_LABELS[next]}
                      disabled={props.disabled}
                      onClick={() => act(() => props.client.setFailure({ id: tag.id, failure: next }))}
                    >
                      {SHORT_FAILURE_LABELS[next]}
                    </button>
                  ))}
                  <button
                    type="button"
                    class="quick-action"
                    aria-pressed={tag.isForced}
                    aria-label={force.label}
                    disabled={props.disabled}
                    title={force.title}
                    onClick={() =>
                      act(() =>
                        tag.isForced
                          ? props.client.release({ id: tag.id })
                          : props.client.force({ id: tag.id, value: force.value }),
                      )
                    }
                  >
                    {force.short}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {error !== undefined ? (
        <div class="inline-error" role="alert">
          {error}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The force of a quick fault, as the tray offers it: a Bit is forced ON; an Int or Float is held
 * at the value it has now (its raw value), whatever drives it. Forced, the button releases.
 */
export function quickForce(tag: ViewTag): { label: string; short: string; title: string; value: TagValue } {
  const raw = tag.raw ?? tag.value;
  if (tag.isForced) {
    const at = tag.type === 'Bit' ? (tag.forcedValue === true ? 'ON' : 'OFF') : formatValue(tag.forcedValue);
    return {
      label: `Release (${at})`,
      short: 'Release',
      title: `Forced ${at}: click to release`,
      value: tag.forcedValue,
    };
  }
  return tag.type === 'Bit'
    ? { label: 'Force ON', short: 'Force ON', title: 'Force this tag ON', value: true }
    : { label: 'Hold', short: 'Hold', title: `Force at its current value (${formatValue(raw)})`, value: raw };
}

/** The failures on the quick-fault buttons, short enough for the narrow panel. */
const SHORT_FAILURE_LABELS: Record<TagFailure, string> = { none: 'None', alwaysOff: 'Off', alwaysOn: 'On' };
