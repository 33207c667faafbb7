import { useEffect, useMemo } from 'preact/hooks';
import type { InstructorTag } from '../../shared/lab/lab-views.js';
import { useModel } from '../hooks/use-model.js';
import { PlantView } from '../plant/PlantView.js';
import { PlantFeed } from '../state/plant-feed.js';
import { TagStore } from '../state/tag-store.js';
import { failureOf, FAILURE_LABELS } from '../state/value-entry.js';
import { ALWAYS_CONNECTED } from '../transport/connection.js';
import type { LabClient } from './lab-client.js';
import { StationFeed } from './station-feed.js';
import { usePoll } from './use-poll.js';

/** How often the open view reads the station's tags (the table's way: its plant is pushed). */
const TAGS_POLL_MS = 500;

/**
 * A station's Plant view for the instructor (issue 23; docs/lab.md): the window's own drawing of
 * the station's machine, live, pushed by the dashboard's plant feed from the station's own plant
 * stream (only while the view is open), its tags read as the table reads them. The drawing only
 * shows (no actions: the fault form and the table change the station); it shows every fault as
 * the table does, and marks each fault hidden from the student on its tag's spot ("hidden", said
 * to a screen reader too); the list below is its text alternative.
 */
export function StationPlant(props: { client: LabClient; station: number; onClose: () => void }) {
  const { client, station } = props;
  const feed = useMemo(() => new StationFeed(client, station), [client, station]);
  const plant = useMemo(() => new PlantFeed(feed, ALWAYS_CONNECTED), [feed]);
  useEffect(() => plant.start(), [plant]);
  useModel(feed);
  useModel(plant);
  const drawing = feed.drawing;
  const tags = usePoll(() => client.tags(station), TAGS_POLL_MS, [client, station]);
  const store = useMemo(() => new TagStore(), [station]);
  // Each reading of the tags replaces the store's (a few a second: the table's own way).
  const version = useMemo(() => {
    if (tags.value) store.reset({ name: drawing?.scene ?? '', tagCount: tags.value.length }, tags.value);
    return store.version;
  }, [store, tags.value]);
  const hidden = (tags.value ?? []).filter((t) => t.hidden);
  // One set per change of the hidden faults (not per poll), so the drawing keeps its memo.
  const hiddenKey = hidden.map((t) => t.id).join('\n');
  const hiddenIds = useMemo(() => new Set(hiddenKey ? hiddenKey.split('\n') : []), [hiddenKey]);
  const error = feed.error ?? tags.error;

  return (
    <section class="station-plant" aria-label={`Station ${station}'s plant`}>
      <header>
        <h2>
          Station {station}: plant{drawing ? ` (${drawing.scene})` : ''}
        </h2>
        <button type="button" onClick={props.onClose}>
          Close
        </button>
      </header>
      {error !== undefined ? <p class="problem">{error}</p> : null}
      {drawing ? (
        <div class={`station-plant-drawing${hidden.length > 0 ? ' has-hidden' : ''}`}>
          <PlantView
            layout={drawing.layout}
            snapshot={plant.snapshot}
            receivedAt={plant.receivedAt}
            store={store}
            version={version}
            selectedId={undefined}
            onSelect={() => undefined}
            disabled={true}
            simulation={feed.simulation}
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
