import type { TrafficEntry } from '../../../shared/bridge/control-spec.js';
import { isRefused, TRAFFIC_WINDOW, type TrafficModel } from '../../state/traffic-model.js';
import { TrafficDetails } from './TrafficDetails.js';
import { useModel } from '../../hooks/use-model.js';

export interface TrafficPanelProps {
  traffic: TrafficModel;
  disabled: boolean;
}

/**
 * The request journal live, newest first (docs/ui.md, "Traffic"): what a student's program sends
 * to the tag API and what it gets. Refused requests are red, answers with per-item errors amber;
 * a click opens the body, the item errors and the chaos rule that shaped it. Only the newest
 * TRAFFIC_WINDOW matching entries are drawn, however full the journal.
 */
export function TrafficPanel({ traffic, disabled }: TrafficPanelProps) {
  useModel(traffic);
  const { view, filter, selected } = traffic;
  return (
    // The window's main content while the view is open (the table's is hidden then).
    <main class="traffic" aria-label="Traffic">
      <h2 class="visually-hidden">Traffic</h2>
      <div class="traffic-filters" role="search" aria-label="Filter the traffic">
        <label>
          Path
          <input
            type="search"
            class="mono"
            placeholder="/api/tag/values*"
            value={filter.path}
            spellcheck={false}
            title="A wildcard on the path, as GET /tagsim/v1/requests?path= takes it: * any run, ? one character"
            onInput={(event) => traffic.setFilter({ path: (event.currentTarget as HTMLInputElement).value })}
          />
        </label>
        <label>
          Status
          <input
            type="search"
            class="mono traffic-status-filter"
            placeholder="404 or 4xx"
            value={filter.status}
            spellcheck={false}
            onInput={(event) =>
              traffic.setFilter({ status: (event.currentTarget as HTMLInputElement).value })
            }
          />
        </label>
        {view?.enabled ? (
          <span class="traffic-count" role="status">
            {countText(view.entries.length, view.size, view.capacity)}
          </span>
        ) : null}
        <button
          type="button"
          disabled={disabled || !view?.enabled || view.size === 0}
          onClick={() => void traffic.clear()}
        >
          Clear journal
        </button>
      </div>
      {traffic.error !== undefined ? (
        <div class="inline-error traffic-error" role="alert">
          {traffic.error}
        </div>
      ) : null}
      {view === undefined ? (
        <p class="traffic-none">Loading the request journal…</p>
      ) : !view.enabled ? (
        <p class="traffic-off" role="status">
          {view.reason}
        </p>
      ) : view.entries.length === 0 ? (
        <p class="traffic-none">
          {view.size === 0
            ? 'No requests yet: the tag API has not been called.'
            : 'No requests match the filter.'}
        </p>
      ) : (
        <div class="traffic-list">
          <table aria-label="Requests, newest first">
            <thead>
              <tr>
                <th scope="col">Time (UTC)</th>
                <th scope="col">Client</th>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
                <th scope="col">Item errors</th>
                <th scope="col">ms</th>
              </tr>
            </thead>
            <tbody>
              {view.entries.map((entry) => (
                <TrafficRow
                  key={entry.seq}
                  entry={entry}
                  selected={selected?.seq === entry.seq}
                  onOpen={() => traffic.select(entry)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {selected ? <TrafficDetails entry={selected} onClose={() => traffic.select(undefined)} /> : null}
    </main>
  );
}

function countText(shown: number, size: number, capacity: number): string {
  const kept = `${size.toLocaleString('en')} of ${capacity.toLocaleString('en')} kept`;
  return shown >= TRAFFIC_WINDOW
    ? `Newest ${TRAFFIC_WINDOW} matching · ${kept}`
    : `${shown} matching · ${kept}`;
}

function TrafficRow({ entry, selected, onOpen }: { entry: TrafficEntry; selected: boolean; onOpen(): void }) {
  const refused = isRefused(entry);
  const classes = [
    refused ? 'traffic-refused' : '',
    entry.itemErrorCount > 0 ? 'traffic-item-error' : '',
    selected ? 'selected' : '',
  ].filter(Boolean);
  const target = entry.query === '' ? entry.path : `${entry.path}?${entry.query}`;
  return (
    <tr class={classes.join(' ') || undefined} aria-selected={selected}>
      <td class="mono">{entry.time.slice(11, 23)}</td>
      <td class="mono">{entry.client}</td>
      <td class="traffic-request">
        {/* The line is a flex box inside the cell: a cell that is itself one stops being a table
            cell, and its row line then sits apart from the others'. */}
        <div class="traffic-request-line">
          <button
            type="button"
            class="link mono"
            aria-label={`Request ${entry.seq}: ${entry.method} ${target}`}
            title="Show the body, the item errors and the chaos rule"
            onClick={onOpen}
          >
            {entry.method} {target}
          </button>
          {entry.chaos ? (
            <span class="pill" title={`Chaos rule ${entry.chaos.rule}`}>
              chaos
            </span>
          ) : null}
        </div>
      </td>
      <td class="mono">{entry.status ?? 'dropped'}</td>
      <td class="mono">{entry.itemErrorCount > 0 ? entry.itemErrorCount : ''}</td>
      <td class="mono">{entry.durationMs.toFixed(1)}</td>
    </tr>
  );
}
