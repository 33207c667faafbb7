import { useState } from 'preact/hooks';
import type { BridgeClient } from '../../../shared/bridge/bridge-client.js';
import type { ActionResult } from '../../../shared/bridge/bridge-spec.js';
import {
  isLocked,
  mayUse,
  PRESETS_LOCKED_REASON,
  simulationTagRefusal,
  type UiRestrictions,
} from '../../../shared/lab/restrictions.js';
import { isSimulationControlTag } from '../../../shared/core/system-tags.js';
import type { TagFailure, TagValue } from '../../../shared/core/tag-types.js';
import type { TagStore, ViewTag } from '../../state/tag-store.js';
import { failureOf, FAILURE_LABELS, formatValue } from '../../state/value-entry.js';
import { runAction } from '../../ui/actions.js';
import { Value } from './TagTable.js';
import { FAILURES, QuickFaults } from './QuickFaults.js';
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
  /** What a lab's presets keep from this window: no fault controls, pins locked. */
  restrictions?: UiRestrictions | undefined;
  onTogglePin(id: string): void;
  onSelect(id: string): void;
}

/** The selected tag's controls: value, force and release, failure, pin; and the quick faults. */
export function DetailsPanel(props: DetailsPanelProps) {
  const faults = !props.restrictions?.hideFaultControls;
  return (
    <aside class="details" aria-label="Selected tag">
      {props.tag ? (
        <TagDetails key={props.tag.id} {...props} tag={props.tag} />
      ) : (
        <>
          {/* The heading the selected tag's name gives otherwise (h1 is the scene, h3 sections). */}
          <h2 class="visually-hidden">No tag selected</h2>
          <p class="details-empty">
            {faults
              ? 'Select a tag to set its value, force it or inject a failure.'
              : 'Select a tag to set its value.'}{' '}
            <br />
            <span class="muted">↑ ↓ move, Space toggles a Bit, P pins.</span>
          </p>
        </>
      )}
      {faults ? <QuickFaults {...props} /> : null}
    </aside>
  );
}

/** Runs an action and shows its error (or none) where `set` puts it. */
const act = (set: (error: string | undefined) => void, action: () => Promise<ActionResult | void>) =>
  runAction(action).then((error) => {
    set(error);
    return error;
  });

function TagDetails(props: DetailsPanelProps & { tag: ViewTag }) {
  const { tag, client, disabled } = props;
  // A tag that runs, pauses or resets the simulation is one of its controls: not shown where the
  // window lacks them (the host refuses them too).
  const simulationOff = isSimulationControlTag(tag) && !mayUse(props.restrictions, 'simulation');
  const faults = !props.restrictions?.hideFaultControls && !simulationOff;
  const pinLocked = isLocked(props.restrictions, 'pinnedTagIds');
  const [valueError, setValueError] = useState<string | undefined>();
  const isInput = tag.kind === 'Input';
  const raw = tag.raw ?? tag.value;
  const setValue = (value: TagValue) => act(setValueError, () => client.setValue({ id: tag.id, value }));

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
            title={pinLocked ? PRESETS_LOCKED_REASON : undefined}
            disabled={disabled || pinLocked}
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
        {props.driven && faults ? (
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
        {simulationOff ? (
          <p class="hint" role="note">
            {simulationTagRefusal(tag.name, props.restrictions?.station?.setBy)}
          </p>
        ) : tag.type === 'Bit' ? (
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

      {faults ? <FaultControls {...props} /> : null}
    </div>
  );
}

/** Force, release and failure of the selected tag (none where a lab's presets turned them off). */
function FaultControls(props: DetailsPanelProps & { tag: ViewTag }) {
  const { tag, client, disabled } = props;
  const [forceError, setForceError] = useState<string | undefined>();
  const [failureError, setFailureError] = useState<string | undefined>();
  const failure = failureOf(tag);
  const raw = tag.raw ?? tag.value;
  const force = (value: TagValue) => act(setForceError, () => client.force({ id: tag.id, value }));
  const release = () => act(setForceError, () => client.release({ id: tag.id }));
  const setFailure = (next: TagFailure) =>
    act(setFailureError, () => client.setFailure({ id: tag.id, failure: next }));

  return (
    <>
      <section class="details-section" aria-labelledby="force-heading">
        <h3 id="force-heading">
          Force
          {tag.isForced ? (
            <span class="pill pill-forced">
              Forced to <span class="mono">{formatValue(tag.forcedValue)}</span>
            </span>
          ) : null}
        </h3>
        {tag.isForced && failure !== 'none' ? (
          // The simulator's rule: a failure wins over a force. Say so beside the force, which
          // would otherwise seem to contradict the value shown above.
          <p class="failure-wins-note" role="note">
            <strong>{FAILURE_LABELS[failure]} wins over the force:</strong> the tag reads{' '}
            <span class="mono">{formatValue(tag.value)}</span> until the failure is cleared, as in the
            simulator.
          </p>
        ) : null}
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
    </>
  );
}

/** Takes the keyboard to the Force controls of the selected tag (the first of them). */
function focusForce(): void {
  const first = document.querySelector<HTMLElement>('#force-heading ~ * button, #force-heading ~ * input');
  first?.scrollIntoView({ block: 'nearest' });
  first?.focus();
}
