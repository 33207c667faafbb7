import type { TrafficEntry } from '../../../shared/bridge/control-spec.js';
import { isRefused } from '../../state/traffic-model.js';
import { describeChaosShot, describeItemError, readableBody } from '../../state/traffic-text.js';

export interface TrafficDetailsProps {
  entry: TrafficEntry;
  onClose(): void;
}

/** One request of the journal opened: what the client sent, what it got, what chaos did. */
export function TrafficDetails({ entry, onClose }: TrafficDetailsProps) {
  const target = entry.query === '' ? entry.path : `${entry.path}?${entry.query}`;
  const errors = entry.itemErrors ?? [];
  return (
    <section class="traffic-details" aria-label="Request details">
      <div class="traffic-details-head">
        <h3 class="mono">
          {entry.method} {target}
        </h3>
        <button type="button" class="small" onClick={onClose}>
          Close
        </button>
      </div>
      <dl class="facts">
        <div>
          <dt>Status</dt>
          <dd class={isRefused(entry) ? 'traffic-refused-text' : undefined}>
            {entry.status ?? 'connection dropped'}
          </dd>
        </div>
        <div>
          <dt>Client</dt>
          <dd class="mono">{entry.client}</dd>
        </div>
        <div>
          <dt>Time (UTC)</dt>
          <dd class="mono">{entry.time.slice(11, 23)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd class="mono">{entry.durationMs} ms</dd>
        </div>
      </dl>
      <h4>Body</h4>
      {entry.body === null ? (
        <p class="traffic-none">No body.</p>
      ) : (
        <pre class="traffic-body" aria-label="Body">
          {readableBody(entry.body)}
        </pre>
      )}
      {entry.itemErrorCount > 0 ? (
        <>
          <h4>Item errors ({entry.itemErrorCount})</h4>
          <ul class="traffic-item-errors" aria-label="Item errors">
            {errors.map((error, at) => (
              <li key={at}>{describeItemError(error)}</li>
            ))}
            {entry.itemErrorCount > errors.length ? (
              <li>and {entry.itemErrorCount - errors.length} more (the journal keeps the first 16)</li>
            ) : null}
          </ul>
        </>
      ) : null}
      {entry.chaos ? (
        <>
          <h4>Chaos</h4>
          <p class="traffic-chaos">{describeChaosShot(entry.chaos)}</p>
        </>
      ) : null}
    </section>
  );
}
