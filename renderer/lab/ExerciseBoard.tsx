import { useState } from 'preact/hooks';
import { formatDuration } from '../../shared/conditions/describe-condition.js';
import type { ExerciseActionName } from '../../shared/exercise/exercise-actions.js';
import type { ExerciseOverview, GradedStationOverview } from '../../shared/exercise/exercise-overview.js';
import { STATUS_WORDS } from '../../shared/exercise/class-report.js';
import type { CriterionGrade } from '../../shared/exercise/exercise-run.js';
import { exerciseSummary } from '../../shared/exercise/exercise-summary.js';
import type { StationSelection } from '../../shared/lab/lab-actions.js';
import { errorMessage } from '../../shared/problems/message-text.js';
import { downloadText } from '../ui/download.js';
import type { LabClient } from './lab-client.js';
import { describeOutcomes } from './lab-format.js';

const STATE_WORDS = { pending: 'not yet', met: 'met', failed: 'failed' } as const;

export interface ExerciseBoardProps {
  client: LabClient;
  exercise: ExerciseOverview;
  stations: readonly GradedStationOverview[];
  /** The stations the bulk actions act on: the selection, or all. */
  selection: StationSelection;
  /** Tells the dashboard what happened, and to read the stations again. */
  onDone: (message: string) => void;
  /** The class view (`tagsim class`): each lab keeps its own class report, so no report here. */
  inClass?: boolean;
}

/**
 * The lab's exercise on the dashboard (docs/lab.md, "Exercises and grading"): Start, Stop and
 * Restart for the selected stations (all when none is), the class report, and each station's
 * grade live, a column per criterion: met, not yet or failed, with the moment and the reason.
 */
export function ExerciseBoard({
  client,
  exercise,
  stations,
  selection,
  onDone,
  inClass = false,
}: ExerciseBoardProps) {
  const [busy, setBusy] = useState(false);
  const act = async (action: ExerciseActionName) => {
    setBusy(true);
    try {
      onDone(describeOutcomes(await client.exerciseAction({ action, stations: selection })));
    } catch (e) {
      onDone(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const download = async (format: 'csv' | 'html') => {
    try {
      downloadText(`${exercise.name} results.${format}`, await client.classReport(format));
    } catch (e) {
      onDone(errorMessage(e));
    }
  };
  const target =
    selection === 'all'
      ? 'all stations'
      : `station${selection.length === 1 ? '' : 's'} ${selection.join(', ')}`;
  return (
    <section class="exercise" aria-labelledby="lab-exercise-heading">
      <div class="exercise-head">
        <h2 id="lab-exercise-heading">Exercise: {exercise.name}</h2>
        <span class="muted">
          {exercise.scene} · {formatDuration(exercise.timeLimitMs)} · pass mark {exercise.passMark} of{' '}
          {exercise.totalPoints} points
        </span>
        <span class="spacer" />
        <button type="button" disabled={busy} onClick={() => void act('start')} title={`Start on ${target}`}>
          Start
        </button>
        <button type="button" disabled={busy} onClick={() => void act('stop')} title={`Stop on ${target}`}>
          Stop
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void act('restart')}
          title={`Restart on ${target}`}
        >
          Restart
        </button>
        {inClass ? null : (
          <>
            <button type="button" onClick={() => void download('csv')}>
              Class report (CSV)
            </button>
            <button type="button" onClick={() => void download('html')}>
              Class report (HTML)
            </button>
          </>
        )}
      </div>
      <p class="exercise-summary">{exerciseSummary(stations)}</p>
      {inClass ? (
        <p class="muted exercise-report">Each lab keeps the class report of its own stations.</p>
      ) : (
        <p class="muted exercise-report">
          {exercise.report.error !== undefined ? (
            <span class="problem">{exercise.report.error}</span>
          ) : exercise.report.savedAt !== undefined ? (
            `Class report kept in ${exercise.report.folder}, last written ${new Date(exercise.report.savedAt).toLocaleTimeString()}`
          ) : (
            `Class report kept in ${exercise.report.folder} as each station's exercise ends`
          )}
        </p>
      )}
      <div class="grades-scroll">
        <table class="grades">
          <thead>
            <tr>
              <th>Station</th>
              <th>Status</th>
              <th>Points / pass mark</th>
              {exercise.criteria.map((c) => (
                <th key={c.name} title={c.asks}>
                  {c.name} <span class="muted">({c.points})</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {stations.map((s) => (
              <tr key={s.number}>
                <th scope="row">
                  {s.number}
                  {s.label !== undefined ? <span class="muted"> {s.label}</span> : null}
                </th>
                <td>
                  {s.grade ? STATUS_WORDS[s.grade.status] : STATUS_WORDS.ready}
                  {s.grade ? <div class="muted">{formatDuration(s.grade.timeMs)}</div> : null}
                  {s.grade?.endReason !== undefined ? <div class="muted">{s.grade.endReason}</div> : null}
                </td>
                <td
                  class={`num ${s.grade?.passed === true ? 'met' : s.grade?.passed === false ? 'failed' : ''}`}
                >
                  {s.grade?.points ?? 0} <span class="muted">/ {exercise.passMark}</span>
                  {s.grade?.passed !== undefined ? (
                    <div>{s.grade.passed ? 'passed' : 'not passed'}</div>
                  ) : null}
                </td>
                {exercise.criteria.map((c, i) => (
                  <GradeCell key={c.name} judged={s.grade?.criteria[i]} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** One station's criterion: its state, when it was decided and why. */
function GradeCell({ judged }: { judged: CriterionGrade | undefined }) {
  const state = judged?.state ?? 'pending';
  return (
    <td class={`grade grade-${state}`}>
      <strong>{STATE_WORDS[state]}</strong>
      {judged?.atMs !== undefined ? <span class="muted"> at {formatDuration(judged.atMs)}</span> : null}
      {state === 'failed' && judged?.reason !== undefined ? <div class="reason">{judged.reason}</div> : null}
    </td>
  );
}
