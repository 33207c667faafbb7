import { useEffect, useState } from 'preact/hooks';
import type { LabFault } from '../../shared/lab/lab-fault.js';
import type { InstructorTag } from '../../shared/lab/lab-views.js';
import type { LabClient } from './lab-client.js';

/** How often an open station's tags are read again. */
const TAGS_POLL_MS = 1000;

/**
 * One station's tags as the instructor sees them (hidden faults included and marked), with a
 * failure or a clear in one click per tag.
 */
export function StationTags(props: {
  client: LabClient;
  station: number;
  onFault: (station: number, fault: LabFault | { clear: string }) => void;
  onClose: () => void;
  onNames: (names: string[]) => void;
}) {
  const { client, station, onNames } = props;
  const [tags, setTags] = useState<InstructorTag[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [hidden, setHidden] = useState(true);

  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    const read = async () => {
      try {
        const next = await client.tags(station);
        if (stopped) return;
        setTags(next);
        onNames([...new Set(next.map((t) => t.name))]);
        setError(undefined);
      } catch (e) {
        if (!stopped) setError(e instanceof Error ? e.message : String(e));
      }
      if (!stopped) timer = window.setTimeout(() => void read(), TAGS_POLL_MS);
    };
    void read();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [client, station, onNames]);

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
            const failure = tag.shortCircuit ? 'Always On' : tag.openCircuit ? 'Always Off' : '';
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
                    onClick={() => props.onFault(station, { tag: tag.name, kind: 'alwaysOff', hidden })}
                  >
                    Off
                  </button>
                  <button
                    type="button"
                    onClick={() => props.onFault(station, { tag: tag.name, kind: 'alwaysOn', hidden })}
                  >
                    On
                  </button>
                  <button
                    type="button"
                    disabled={!faulted}
                    onClick={() => props.onFault(station, { clear: tag.name })}
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
