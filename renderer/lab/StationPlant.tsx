import { useEffect, useMemo, useState } from 'preact/hooks';
import type { InstructorTag } from '../../shared/lab/lab-views.js';
import { PlantView } from '../plant/PlantView.js';
import { TagStore } from '../state/tag-store.js';
import { failureOf, FAILURE_LABELS } from '../state/value-entry.js';
import type { LabClient, StationPlantState } from './lab-client.js';
import { usePoll } from './use-poll.js';

/** How often the open view reads the station's plant, its tags and (for a new scene) its drawing. */
const STATE_POLL_MS = 100;
const TAGS_POLL_MS = 500;
const LAYOUT_POLL_MS = 5000;

/**
 * A station's Plant view for the instructor (issue 23; docs/lab.md): the window's own drawing of
 * the station's machine, live, over the dashboard's API (polled only while it is open): the
 * machine shows every fault as the table does, and marks each fault hidden from the student on
 * its tag's spot ("hidden", said to a screen reader too); the list below is its text alternative.
 */
export function StationPlant(props: { client: LabClient; station: number; onClose: () => void }) {
  const { client, station } = props;
  const drawing = usePoll(() => client.plantLayout(station), LAYOUT_POLL_MS, [client, station]);
  const plant = usePoll(() => client.plantState(station), STATE_POLL_MS, [client, station]);
  const tags = usePoll(() => client.tags(station), TAGS_POLL_MS, [client, station]);
  const store = useMemo(() => new TagStore(), [station]);
  // Each reading of the tags replaces the store's (a few a second: the table's own way).
  const version = useMemo(() => {
    if (tags.value)
      store.reset({ name: drawing.value?.scene ?? '', tagCount: tags.value.length }, tags.value);
    return store.version;
  }, [store, tags.value]);
  const [receivedAt, setReceivedAt] = useState(0);
  useEffect(() => setReceivedAt(performance.now()), [plant.value]);
  const hidden = (tags.value ?? []).filter((t) => t.hidden);
  // One set per change of the hidden faults (not per poll), so the drawing keeps its memo.
  const hiddenKey = hidden.map((t) => t.id).join('\n');
  const hiddenIds = useMemo(() => new Set(hiddenKey ? hiddenKey.split('\n') : []), [hiddenKey]);
  const stale = drawing.value && plant.value && drawing.value.scene !== plant.value.scene;
  const error = drawing.error ?? plant.error ?? tags.error;

  return (
    <section class="station-plant" aria-label={`Station ${station}'s plant`}>
      <header>
        <h2>
          Station {station}: plant{drawing.value ? ` (${drawing.value.scene})` : ''}
        </h2>
        <button type="button" onClick={props.onClose}>
          Close
        </button>
      </header>
      {error !== undefined ? <p class="problem">{error}</p> : null}
      {drawing.value && !stale ? (
        <div class={`station-plant-drawing${hidden.length > 0 ? ' has-hidden' : ''}`}>
          <PlantView
            layout={drawing.value.layout}
            snapshot={(plant.value as StationPlantState | undefined)?.snapshot}
            receivedAt={receivedAt}
            store={store}
            version={version}
            selectedId={undefined}
            onSelect={() => undefined}
            disabled={true}
            simulation={plant.value?.simulation}
            hiddenFaults={hiddenIds}
          />
        </div>
      ) : (
        <p class="muted">Drawing the station…</p>
      )}
      <HiddenFaults tags={hidden} />
    </section>
  );
}

/** The faults the student does not see, each with what it does: the projector shows them. */
function HiddenFaults(props: { tags: readonly InstructorTag[] }) {
  if (props.tags.length === 0) return <p class="muted">No fault is hidden from this student.</p>;
  return (
    <div class="hidden-faults">
      <h3>Hidden from the student</h3>
      <ul>
        {props.tags.map((tag) => {
          const failure = failureOf(tag);
          const what = [
            tag.isForced ? `forced to ${String(tag.forcedValue)}` : '',
            failure !== 'none' ? FAILURE_LABELS[failure] : '',
          ]
            .filter(Boolean)
            .join(', ');
          return (
            <li key={tag.id}>
              <span class="hidden-mark">hidden</span> {tag.name} ({tag.kind}){what ? `: ${what}` : ''}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
