import { useState } from 'preact/hooks';
import type { BridgeClient } from '../../shared/bridge/bridge-client.js';
import type { ActionResult } from '../../shared/bridge/bridge-spec.js';
import { tagDistinctions } from '../../shared/core/tag-distinctions.js';
import type { TagFailure, TagValue } from '../../shared/core/tag-types.js';
import type { TagStore, ViewTag } from '../state/tag-store.js';
import { failureOf, FAILURE_LABELS, formatValue } from '../state/value-entry.js';
import { runAction } from './actions.js';
import { Value } from './TagTable.js';
import { ValueEntry } from './ValueEntry.js';

export interface DetailsPanelProps {
  tag: ViewTag | undefined;
  client: BridgeClient;
  pinned: boolean;
  pinnedIds: readonly string[];
  store: TagStore;
  disabled: boolean;
  /** The plant writes this tag: a value set here lasts only until its next step. */
  driven?: boolean;
  onTogglePin(id: string): void;
  onSelect(id: string): void;
}

/** The selected tag's controls: value, force and release, failure, pin; and the quick faults. */
export function DetailsPanel(props: DetailsPanelProps) {
  return (
    <aside class="details" aria-label="Selected tag">
      {props.tag ? (
        <TagDetails key={props.tag.id} {...props} tag={props.tag} />
      ) : (
        <p class="details-empty">
          Select a tag to set its value, force it or inject a failure. <br />
          <span class="muted">↑ ↓ move, Space toggles a Bit, P pins.</span>
        </p>
      )}
      <QuickFaults {...props} />
    </aside>
  );
}

const FAILURES: readonly TagFailure[] = ['none', 'alwaysOff', 'alwaysOn'];

function TagDetails(props: DetailsPanelProps & { tag: ViewTag }) {
  const { tag, client, disabled } = props;
  const [valueError, setValueError] = useState<string | undefined>();
  const [forceError, setForceError] = useState<string | undefined>();
  const [failureError, setFailureError] = useState<string | undefined>();
  const failure = failureOf(tag);
  const isInput = tag.kind === 'Input';
  const raw = tag.raw ?? tag.value;

  const act = (set: (error: string | undefined) => void, action: () => Promise<ActionResult | void>) =>
    runAction(action).then((error) => {
      set(error);
      return error;
    });
  const setValue = (value: TagValue) => act(setValueError, () => client.setValue({ id: tag.id, value }));
  const force = (value: TagValue) => act(setForceError, () => client.force({ id: tag.id, value }));
  const release = () => act(setForceError, () => client.release({ id: tag.id }));
  const setFailure = (next: TagFailure) =>
    act(setFailureError, () => client.setFailure({ id: tag.id, failure: next }));

  return (
    <div class="tag-details">
      <header class="details-head">
        <div class="details-title">
          <h2 title={tag.name}>{tag.name}</h2>
          <button
            type="button"
            class={props.pinned ? 'pin-toggle pinned' : 'pin-toggle'}
            aria-pressed={props.pinned}
            aria-label="Pin as quick fault"
            disabled={disabled}
            onClick={() => props.onTogglePin(tag.id)}
          >
            {props.pinned ? '★ Pinned' : '☆ Pin'}
          </button>
        </div>
        <dl class="facts">
          <div>
            <dt>Kind</dt>
            <dd>{tag.kind}</dd>
          </div>
          <div>
            <dt>Type</dt>
            <dd>{tag.type}</dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd class="mono">{tag.address}</dd>
          </div>
          <div>
            <dt>Value</dt>
            <dd class="mono details-value">
              <Value value={tag.value} type={tag.type} />
            </dd>
          </div>
        </dl>
        <div class="tag-id mono" title="Tag id (stable across starts)">
          {tag.id}
        </div>
      </header>

      <section class="details-section" aria-labelledby="value-heading">
        <h3 id="value-heading">{isInput ? 'Sensor value (simulated)' : 'Controller write'}</h3>
        <p class="hint">
          {isInput ? 'What the plant’s sensor reports.' : 'What a controller would write to this Output.'} Raw
          now: <span class="mono">{formatValue(tag.raw)}</span>
        </p>
        {props.driven ? (
          <div class="driven-note" role="note">
            <span>
              <strong>Driven by the plant:</strong> it sets this sensor again at its next step. Use Force to
              hold a value.
            </span>
            <button type="button" disabled={disabled} onClick={() => focusForce()}>
              Force…
            </button>
          </div>
        ) : null}
        {tag.type === 'Bit' ? (
          <div class="segmented" role="group" aria-label={isInput ? 'Sensor value' : 'Controller write'}>
            {[false, true].map((bit) => (
              <button
                key={String(bit)}
                type="button"
                aria-pressed={raw === bit}
                disabled={disabled}
                onClick={() => void setValue(bit)}
              >
                {bit ? 'On (true)' : 'Off (false)'}
              </button>
            ))}
          </div>
        ) : (
          <ValueEntry
            id="value-entry"
            label="New value"
            buttonLabel="Set"
            type={tag.type}
            initial={formatValue(raw)}
            disabled={disabled}
            onSubmit={setValue}
          />
        )}
        {valueError !== undefined ? (
          <div class="inline-error" role="alert">
            {valueError}
          </div>
        ) : null}
      </section>

      <section class="details-section" aria-labelledby="force-heading">
        <h3 id="force-heading">
          Force
          {tag.isForced ? (
            <span class="pill pill-forced">
              Forced to <span class="mono">{formatValue(tag.forcedValue)}</span>
            </span>
          ) : null}
        </h3>
        {tag.type === 'Bit' ? (
          <div class="button-row">
            <button type="button" disabled={disabled} onClick={() => void force(false)}>
              Force false
            </button>
            <button type="button" disabled={disabled} onClick={() => void force(true)}>
              Force true
            </button>
            <button type="button" disabled={disabled || !tag.isForced} onClick={() => void release()}>
              Release
            </button>
          </div>
        ) : (
          <>
            <ValueEntry
              id="force-entry"
              label="Force value"
              buttonLabel="Force"
              type={tag.type}
              initial={formatValue(tag.isForced ? tag.forcedValue : raw)}
              disabled={disabled}
              onSubmit={force}
            />
            <div class="button-row">
              <button type="button" disabled={disabled || !tag.isForced} onClick={() => void release()}>
                Release
              </button>
            </div>
          </>
        )}
        {forceError !== undefined ? (
          <div class="inline-error" role="alert">
            {forceError}
          </div>
        ) : null}
      </section>

      <fieldset class="details-section failure-set" disabled={disabled}>
        <legend>Failure</legend>
        <div class="segmented radio-segmented">
          {FAILURES.map((option) => (
            <label key={option} class={`radio-${option}${failure === option ? ' checked' : ''}`}>
              <input
                type="radio"
                name="failure"
                value={option}
                checked={failure === option}
                onChange={() => void setFailure(option)}
              />
              {FAILURE_LABELS[option]}
            </label>
          ))}
        </div>
        {failureError !== undefined ? (
          <div class="inline-error" role="alert">
            {failureError}
          </div>
        ) : null}
      </fieldset>
    </div>
  );
}

function QuickFaults(props: DetailsPanelProps) {
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

/** Takes the keyboard to the Force controls of the selected tag (the first of them). */
function focusForce(): void {
  const first = document.querySelector<HTMLElement>('#force-heading ~ * button, #force-heading ~ * input');
  first?.scrollIntoView({ block: 'nearest' });
  first?.focus();
}
