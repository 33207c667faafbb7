import { useCallback, useState } from 'preact/hooks';
import type { LabAction } from '../../shared/lab/lab-actions.js';
import { downloadText } from '../ui/download.js';
import { ExerciseBoard } from './ExerciseBoard.js';
import { FaultForm } from './FaultForm.js';
import type { LabClient } from './lab-client.js';
import { ago, describeFault, describeModbus, describeOutcomes } from './lab-format.js';
import { clientDriverLine } from '../../shared/drivers/driver-status.js';
import { ScheduleForm } from './ScheduleForm.js';
import { StationPlant } from './StationPlant.js';
import { StationTags } from './StationTags.js';
import { usePoll } from './use-poll.js';
import { errorMessage } from '../../shared/problems/message-text.js';

const TASK_STATES = { waiting: 'waiting', on: 'on now', done: 'done' } as const;

/** How often the stations are read again: "at a glance" without loading a lab of 64. */
const OVERVIEW_POLL_MS = 1000;

type Bulk = DistributiveOmit<LabAction, 'stations'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The instructor's dashboard: every station at a glance, and actions on all or some of them. */
export function LabDashboard({ client }: { client: LabClient }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [open, setOpen] = useState<number | undefined>();
  const [plantOf, setPlantOf] = useState<number | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [tagNames, setTagNames] = useState<string[]>([]);
  // Bumped after an action, so the stations are read again at once.
  const [poll, setPoll] = useState(0);
  const { value: overview, error } = usePoll(() => client.overview(), OVERVIEW_POLL_MS, [client, poll]);

  const stations = overview?.stations ?? [];
  const selection = selected.size === 0 ? ('all' as const) : [...selected].sort((a, b) => a - b);
  const act = async (action: Bulk, only?: number) => {
    setBusy(true);
    try {
      const outcomes = await client.act({
        ...action,
        stations: only !== undefined ? [only] : selection,
      } as LabAction);
      setMessage(describeOutcomes(outcomes));
      setPoll((n) => n + 1);
    } catch (e) {
      setMessage(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const toggle = (number: number) => {
    const next = new Set(selected);
    if (!next.delete(number)) next.add(number);
    setSelected(next);
  };
  const download = async (format: 'csv' | 'html') => {
    try {
      downloadText(`lab-faults.${format}`, await client.report(format));
    } catch (e) {
      setMessage(errorMessage(e));
    }
  };
  const onNames = useCallback((names: string[]) => setTagNames(names), []);

  return (
    <div class="lab">
      <header class="lab-header">
        <h1>{overview?.labs ? 'TagSim class' : 'TagSim lab'}</h1>
        <span class="muted">
          {stations.length} station{stations.length === 1 ? '' : 's'}
        </span>
        {error !== undefined ? (
          <span class="problem" role="alert">
            {error}
          </span>
        ) : null}
        {overview?.labs
          ?.filter((lab) => !lab.ok)
          .map((lab) => (
            <span key={lab.name} class="problem" role="alert">
              {`${lab.name} (stations ${lab.first}-${lab.first + lab.stations - 1}): ${lab.error ?? 'no answer'}`}
            </span>
          ))}
        <span class="spacer" />
        {/* A class view (tagsim class) leaves fault logs and schedules to each lab's own dashboard. */}
        {overview?.labs ? null : (
          <>
            <button type="button" onClick={() => void download('csv')}>
              Fault log (CSV)
            </button>
            <button type="button" onClick={() => void download('html')}>
              Fault log (HTML)
            </button>
          </>
        )}
      </header>
      <main>
        <section class="bulk" aria-labelledby="lab-actions-heading">
          <h2 id="lab-actions-heading" class="visually-hidden">
            Actions
          </h2>
          <span class="target">
            {selection === 'all'
              ? 'All stations'
              : `Station${selection.length === 1 ? '' : 's'} ${selection.join(', ')}`}
          </span>
          <button type="button" disabled={busy} onClick={() => void act({ action: 'run' })}>
            Run
          </button>
          <button type="button" disabled={busy} onClick={() => void act({ action: 'pause' })}>
            Pause
          </button>
          <button type="button" disabled={busy} onClick={() => void act({ action: 'reset' })}>
            Reset
          </button>
          <button type="button" disabled={busy} onClick={() => void act({ action: 'clearAllFaults' })}>
            Clear all faults
          </button>
          <FaultForm
            tagNames={tagNames}
            busy={busy}
            onApply={(fault) => void act({ action: 'applyFault', fault })}
            onClear={(tag, kind) => void act({ action: 'clearFault', tag, kind })}
          />
        </section>
        {message !== undefined ? (
          <p class="lab-message" role="status">
            {message}
          </p>
        ) : null}
        {overview?.exercise !== undefined ? (
          <ExerciseBoard
            client={client}
            exercise={overview.exercise}
            stations={stations}
            selection={selection}
            inClass={overview.labs !== undefined}
            onDone={(text) => {
              setMessage(text);
              setPoll((n) => n + 1);
            }}
          />
        ) : null}
        <section aria-labelledby="lab-stations-heading">
          <h2 id="lab-stations-heading" class="visually-hidden">
            Stations
          </h2>
          <table class="stations">
            <thead>
              <tr>
                <th>
                  <input
                    type="checkbox"
                    aria-label="Select every station"
                    checked={selected.size > 0 && selected.size === stations.length}
                    onChange={(e) =>
                      setSelected(new Set(e.currentTarget.checked ? stations.map((s) => s.number) : []))
                    }
                  />
                </th>
                <th>Station</th>
                <th>Scene</th>
                <th>Simulation</th>
                <th>Clients</th>
                <th>Last request</th>
                <th>Refused writes</th>
                <th>Faults</th>
                <th>
                  <span class="visually-hidden">Tags and window</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {stations.map((s) => (
                <tr key={s.number} class={selected.has(s.number) ? 'selected' : undefined}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select station ${s.number}`}
                      checked={selected.has(s.number)}
                      onChange={() => toggle(s.number)}
                    />
                  </td>
                  <td>
                    <strong>{s.number}</strong>
                    {s.label !== undefined ? <span class="muted"> {s.label}</span> : null}
                    <div class="muted mono">{s.url ?? 'not listening'}</div>
                    {s.activity.modbus !== undefined ? (
                      <div class="muted mono">{describeModbus(s.activity.modbus)}</div>
                    ) : null}
                    {(s.activity.controllers ?? []).map((c) => (
                      <div key={c.driver} class={`mono controller state-${c.state}`}>
                        {clientDriverLine(c)}
                      </div>
                    ))}
                  </td>
                  <td>{s.scene}</td>
                  <td>
                    <span class={`state state-${s.simulation.state}`}>{s.simulation.state}</span>
                    <span class="muted"> {s.simulation.timeScale}x</span>
                  </td>
                  <td class="num">
                    {s.activity.clients}
                    <div class="muted">{s.activity.requestsPerSecond} req/s</div>
                    {s.activity.modbus !== undefined ? (
                      <div class="muted">{s.activity.modbus.clients} Modbus</div>
                    ) : null}
                  </td>
                  <td>{ago(s.activity.lastRequestAt, overview!.now)}</td>
                  <td class="num" title={s.activity.lastRefusal}>
                    {s.activity.refusedWrites}
                    {s.activity.lastRefusal !== undefined ? (
                      <div class="muted clip">{s.activity.lastRefusal}</div>
                    ) : null}
                  </td>
                  <td>
                    {s.faults.length === 0 ? <span class="muted">none</span> : null}
                    {s.faults.map((f) => (
                      <span
                        key={f.id}
                        class={`chip ${f.hidden ? 'hidden-chip' : 'fault-chip'}`}
                        title={
                          f.locked
                            ? 'Hidden from the student, who cannot take it off'
                            : f.hidden
                              ? 'Hidden from the student'
                              : 'Shown to the student'
                        }
                      >
                        {describeFault(f)}
                        {f.locked ? ' (hidden, locked)' : f.hidden ? ' (hidden)' : ''}
                      </span>
                    ))}
                  </td>
                  <td class="row-actions">
                    <button type="button" onClick={() => setOpen(open === s.number ? undefined : s.number)}>
                      {open === s.number ? 'Hide tags' : 'Tags'}
                    </button>
                    <button
                      type="button"
                      onClick={() => setPlantOf(plantOf === s.number ? undefined : s.number)}
                    >
                      {plantOf === s.number ? 'Hide plant' : 'Plant'}
                    </button>
                    {s.windowUrl !== undefined ? (
                      <a href={s.windowUrl} target="_blank" rel="noreferrer noopener">
                        Window
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        {overview?.labs ? null : <ScheduleForm client={client} onStarted={() => setPoll((n) => n + 1)} />}
        {overview?.schedule !== undefined ? (
          <section class="schedule" aria-label="Fault schedule">
            <h2>Fault schedule</h2>
            <ul>
              {overview.schedule.map((task) => (
                <li key={`${task.name} ${task.station}`}>
                  <span class={`chip task-${task.state}`}>{TASK_STATES[task.state]}</span> {task.name},
                  station {task.station}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {plantOf !== undefined ? (
          <StationPlant client={client} station={plantOf} onClose={() => setPlantOf(undefined)} />
        ) : null}
        {open !== undefined ? (
          <StationTags
            client={client}
            station={open}
            onNames={onNames}
            onClose={() => setOpen(undefined)}
            onFault={(station, fault) =>
              void act(
                'clear' in fault
                  ? { action: 'clearFault', tag: fault.clear, id: fault.id, kind: 'all' }
                  : { action: 'applyFault', fault },
                station,
              )
            }
          />
        ) : null}
      </main>
    </div>
  );
}
