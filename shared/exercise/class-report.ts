import { formatDuration } from '../conditions/describe-condition.js';
import type { FaultLogEntry } from '../lab/fault-log.js';
import { csvField, escapeHtml, faultLogCells } from '../lab/fault-report.js';
import type { CriterionGrade, ExerciseStatus } from './exercise-run.js';
import type { StationGrade } from './exercise-session.js';
import { criterionText } from './exercise-junit.js';
import type { BoundExercise } from './exercise-types.js';
import type { StudentExercise } from './student-view.js';

/** One station's row of the class report (a student's own report has one). */
export interface ReportRow {
  readonly station: number;
  readonly label: string | undefined;
  readonly status: ExerciseStatus;
  readonly timeMs: number;
  readonly points: number;
  readonly passed: boolean | undefined;
  readonly endReason: string | undefined;
  /** When it started and ended, ms since the epoch. */
  readonly startedAt: number | undefined;
  readonly endedAt: number | undefined;
  readonly criteria: readonly CriterionGrade[];
  /** This station's entries of the lab's fault log (the exercise's faults, the instructor's). */
  readonly faults: readonly FaultLogEntry[];
}

export interface ClassReport {
  readonly exercise: BoundExercise;
  readonly rows: readonly ReportRow[];
  readonly generatedAt: number;
  readonly title?: string;
  /**
   * A student's own report: the criteria without what they ask (a reaction names its fault,
   * which may be hidden from the student).
   */
  readonly forStudent?: boolean;
}

/** A station's row, from its grade (undefined: not started) and the lab's fault log. */
export function reportRow(
  station: { readonly number: number; readonly label: string | undefined },
  grade: StationGrade | undefined,
  log: readonly FaultLogEntry[],
): ReportRow {
  return {
    station: station.number,
    label: station.label,
    status: grade?.status ?? 'ready',
    timeMs: grade?.timeMs ?? 0,
    points: grade?.points ?? 0,
    passed: grade?.passed,
    endReason: grade?.endReason,
    startedAt: grade?.startedAt,
    endedAt: grade?.endedAt,
    criteria: grade?.criteria ?? [],
    faults: log.filter((e) => e.station === station.number),
  };
}

/**
 * A student's own row: their view of the grade (nothing of a hidden fault in it) and no fault
 * log, which would name the hidden faults.
 */
export function studentReportRow(
  station: { readonly number: number; readonly label: string | undefined },
  view: StudentExercise,
  grade: StationGrade | undefined,
): ReportRow {
  return {
    ...reportRow(station, grade, []),
    points: view.points,
    criteria: view.criteria,
  };
}

const STATE_WORDS = { pending: 'not yet', met: 'met', failed: 'failed' } as const;
/** A station's exercise status in words, as the reports and the dashboard show it. */
export const STATUS_WORDS: Record<ExerciseStatus, string> = {
  ready: 'not started',
  running: 'running',
  ended: 'ended',
  stopped: 'stopped',
};
const iso = (ms: number | undefined) => (ms === undefined ? '' : new Date(ms).toISOString());
const seconds = (ms: number | undefined) => (ms === undefined ? '' : (ms / 1000).toFixed(2));
const passedWord = (passed: boolean | undefined) => (passed === undefined ? '' : passed ? 'yes' : 'no');

/** A fault log entry on one line: `2026-…Z applied High sensor Always On (hidden) by Stuck high sensor`. */
function faultLine(entry: FaultLogEntry): string {
  const c = faultLogCells(entry);
  const hidden = c.hidden === 'no' ? '' : ` (hidden${entry.locked ? ', locked' : ''})`;
  return `${c.time} ${c.action} ${c.tag} ${c.kind}${hidden} by ${c.by}${c.error ? `: ${c.error}` : ''}`;
}

/**
 * The class report as CSV (RFC 4180, every cell safe from spreadsheet formulas): one row per
 * station, with its status, points and result, three columns per criterion (its state, when it
 * was decided in exercise seconds, why) and the station's fault log in the last column.
 */
export function classReportCsv(report: ClassReport): string {
  const { exercise } = report;
  const header = [
    'station',
    'label',
    'exercise',
    'status',
    'end_reason',
    'passed',
    'points',
    'pass_mark',
    'total_points',
    'exercise_time_s',
    'started',
    'ended',
    ...exercise.criteria.flatMap((c) => [c.name, `${c.name} (at s)`, `${c.name} (reason)`]),
    'faults',
  ];
  const rows = report.rows.map((row) => [
    String(row.station),
    row.label ?? '',
    exercise.name,
    STATUS_WORDS[row.status],
    row.endReason ?? '',
    passedWord(row.passed),
    String(row.points),
    String(exercise.passMark),
    String(exercise.totalPoints),
    seconds(row.timeMs),
    iso(row.startedAt),
    iso(row.endedAt),
    ...exercise.criteria.flatMap((_, i) => {
      const judged = row.criteria[i] ?? { state: 'pending' as const };
      return [STATE_WORDS[judged.state], seconds(judged.atMs), judged.reason ?? ''];
    }),
    row.faults.map(faultLine).join('; '),
  ]);
  return [header, ...rows].map((cells) => `${cells.map(csvField).join(',')}\r\n`).join('');
}

/**
 * The class report as one printable HTML page: a summary table (a row per station, a column per
 * criterion), then each station's criteria with their reasons and its fault log beside them.
 * Everything that came from a file or the plant is escaped; the page has no script, and its own
 * policy allows none.
 */
export function classReportHtml(report: ClassReport): string {
  const { exercise } = report;
  const title = report.title ?? `Class report: ${exercise.name}`;
  const cell = (judged: CriterionGrade | undefined) => {
    const state = judged?.state ?? 'pending';
    const at = judged?.atMs !== undefined ? ` <small>${escapeHtml(formatDuration(judged.atMs))}</small>` : '';
    return `<td class="${state}" title="${escapeHtml(judged?.reason ?? '')}">${STATE_WORDS[state]}${at}</td>`;
  };
  const summary = report.rows
    .map(
      (row) =>
        `<tr><th scope="row">${row.station}${row.label ? ` ${escapeHtml(row.label)}` : ''}</th>` +
        `<td>${STATUS_WORDS[row.status]}${row.endReason ? ` (${escapeHtml(row.endReason)})` : ''}</td>` +
        `<td>${row.points} / ${exercise.totalPoints}</td><td class="${row.passed === undefined ? '' : row.passed ? 'met' : 'failed'}">${passedWord(row.passed) || '–'}</td>` +
        `<td>${escapeHtml(formatDuration(row.timeMs))}</td>` +
        exercise.criteria.map((_, i) => cell(row.criteria[i])).join('') +
        '</tr>',
    )
    .join('\n');
  const details = report.rows.map((row) => stationDetails(exercise, row)).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #111; }
table { border-collapse: collapse; margin-bottom: 20px; }
th, td { border: 1px solid #ccd; padding: 3px 8px; text-align: left; vertical-align: top; }
td.met { background: #e3f5e6; }
td.failed { background: #fde7e7; }
td.pending { color: #555; }
section { break-inside: avoid; }
.side { display: flex; gap: 24px; flex-wrap: wrap; align-items: flex-start; }
@media print { body { margin: 0; } a { color: inherit; } }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(exercise.scene)} · time limit ${escapeHtml(formatDuration(exercise.timeLimitMs))} · pass mark ${exercise.passMark} of ${exercise.totalPoints} points · generated ${escapeHtml(iso(report.generatedAt))}</p>
<table>
<thead><tr><th>Station</th><th>Status</th><th>Points</th><th>Passed</th><th>Time</th>${exercise.criteria
    .map((c) => {
      const asks = report.forStudent ? '' : ` title="${escapeHtml(criterionText(c))}"`;
      return `<th${asks}>${escapeHtml(c.name)} (${c.points})</th>`;
    })
    .join('')}</tr></thead>
<tbody>
${summary || `<tr><td colspan="${5 + exercise.criteria.length}">No station.</td></tr>`}
</tbody>
</table>
${details}
</body>
</html>
`;
}

function stationDetails(exercise: BoundExercise, row: ReportRow): string {
  const criteria = exercise.criteria
    .map((c, i) => {
      const judged = row.criteria[i] ?? { state: 'pending' as const };
      return `<tr><td>${escapeHtml(c.name)}</td><td class="${judged.state}">${STATE_WORDS[judged.state]}</td><td>${judged.atMs === undefined ? '' : escapeHtml(formatDuration(judged.atMs))}</td><td>${escapeHtml(judged.reason ?? '')}</td></tr>`;
    })
    .join('');
  const faults =
    row.faults.length === 0
      ? '<p>No fault on this station.</p>'
      : `<table><thead><tr><th>time</th><th>action</th><th>tag</th><th>kind</th><th>hidden</th><th>by</th></tr></thead><tbody>${row.faults
          .map((e) => {
            const c = faultLogCells(e);
            return `<tr><td>${escapeHtml(c.time)}</td><td>${escapeHtml(c.action)}</td><td>${escapeHtml(c.tag)}</td><td>${escapeHtml(c.kind)}</td><td>${escapeHtml(c.hidden)}</td><td>${escapeHtml(c.by)}${c.error ? `: ${escapeHtml(c.error)}` : ''}</td></tr>`;
          })
          .join('')}</tbody></table>`;
  return `<section>
<h2>Station ${row.station}${row.label ? `: ${escapeHtml(row.label)}` : ''}</h2>
<div class="side">
<table><thead><tr><th>Criterion</th><th>State</th><th>At</th><th>Why</th></tr></thead><tbody>${criteria}</tbody></table>
<div><h3>Fault log</h3>${faults}</div>
</div>
</section>`;
}
