import { useState } from 'preact/hooks';
import { FAILURE_LABELS } from '../../shared/core/fault-words.js';
import { failureOf } from '../state/value-entry.js';
import type { LabFault } from '../../shared/lab/lab-fault.js';
import type { LabClient } from './lab-client.js';
import { usePoll } from './use-poll.js';

/** How often an open station's tags are read again. */
const TAGS_POLL_MS = 1000;

/**
 * One station's tags as the instructor sees them (hidden faults included and marked), with a
 * failure or a clear in one click per tag: that row's tag alone, by its id, even where others
 * share its name.
 */
export function StationTags(props: {
  client: LabClient;
  station: number;
  onFault: (station: number, fault: LabFault | { clear: string; id: string }) => void;
  onClose: () => void;
  onNames: (names: string[]) => void;
}) {
  const { client, station, onNames } = props;
  const [hidden, setHidden] = useState(false);
  const { value: tags, error } = usePoll(
    async () => {
      const next = await client.tags(station);
      onNames([...new Set(next.map((t) => t.name))]);
      return next;
    },
    TAGS_POLL_MS,
    [client, station, onNames],
  );

  return (
    <section class="station-tags" aria-label={`Station ${station}'s tags`}>
      <header>
        <h2>Station {station}: tags</h2>
        <label class="check">
          <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.currentTarget.checked)} />
          Faults hidden from the student
        </label>
        <button type="button" onClick={props.onClose}>
          Close
        </button>
      </header>
      {error !== undefined ? <p class="problem">{error}</p> : null}
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Kind</th>
            <th>Type</th>
            <th>Value</th>
            <th>Raw</th>
            <th>Forced</th>
            <th>Failure</th>
            <th>Fault</th>
          </tr>
        </thead>
        <tbody>
          {(tags ?? []).map((tag) => {
            const failure = tag.shortCircuit || tag.openCircuit ? FAILURE_LABELS[failureOf(tag)] : '';
            const faulted = tag.isForced || failure !== '';
            return (
              <tr key={tag.id} class={faulted ? 'faulted' : undefined}>
                <td>
                  {tag.name}
                  {tag.hidden ? <span class="chip hidden-chip">hidden</span> : null}
                </td>
                <td>{tag.kind}</td>
                <td>{tag.type}</td>
                <td class="mono">{String(tag.value)}</td>
                <td class="mono">{String(tag.raw)}</td>
                <td class="mono">{tag.isForced ? String(tag.forcedValue) : ''}</td>
                <td>{failure}</td>
                <td class="row-actions">
                  <button
                    type="button"
                    onClick={() =>
                      props.onFault(station, { tag: tag.name, id: tag.id, kind: 'alwaysOff', hidden })
                    }
                  >
                    Off
                  </button>
                  <button
                    type="button"
                    onClick={() =>
                      props.onFault(station, { tag: tag.name, id: tag.id, kind: 'alwaysOn', hidden })
                    }
                  >
                    On
                  </button>
                  <button
                    type="button"
                    disabled={!faulted}
                    onClick={() => props.onFault(station, { clear: tag.name, id: tag.id })}
                  >
                    Clear
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
