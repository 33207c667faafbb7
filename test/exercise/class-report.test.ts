// The class report: one row per station with its criteria, points and times and its fault log
// beside it, as CSV that no spreadsheet runs as a formula, and as an HTML page that shows what a
// file or a student sent as text, never as markup.
import { describe, expect, it } from 'vitest';
import {
  classReportCsv,
  classReportHtml,
  reportRow,
  type ClassReport,
} from '../../shared/exercise/class-report.js';
import { bindExercise } from '../../shared/exercise/bind-exercise.js';
import { validateExercise } from '../../shared/exercise/exercise-file.js';
import type { StationGrade } from '../../shared/exercise/exercise-session.js';
import type { FaultLogEntry } from '../../shared/lab/fault-log.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';

const exercise = bindExercise(
  validateExercise({
    format: 'tagsim-exercise',
    version: 1,
    name: '=HYPERLINK("http://x") <b>bold</b>',
    task: 'x',
    scene: 'Queue of Items',
    timeLimitMs: 60_000,
    passMark: 5,
    criteria: [
      { name: '@SUM(1,2)', points: 5, reach: { items: { exit: 'buffer' }, ge: 1 } },
      { name: 'Never <script>', points: 5, never: { items: { on: 'buffer' }, ge: 4 } },
    ],
  }),
  builtinScene('Queue of Items')!,
);
const grade: StationGrade = {
  status: 'ended',
  timeMs: 30_000,
  points: 5,
  passed: true,
  endReason: 'completed',
  criteria: [
    { state: 'met', atMs: 12_340, reason: 'reached at 12.34 s' },
    { state: 'failed', atMs: 20_000, reason: 'happened at 20 s: "<img src=x onerror=alert(1)>"' },
  ],
  startedAt: Date.UTC(2026, 0, 5, 9, 0, 0),
  endedAt: Date.UTC(2026, 0, 5, 9, 0, 30),
  faults: [],
};
const log: FaultLogEntry[] = [
  {
    at: Date.UTC(2026, 0, 5, 9, 0, 10),
    station: 1,
    action: 'applied',
    tag: 'At exit',
    kind: 'alwaysOn',
    hidden: true,
    by: 'Dead exit sensor',
  },
  {
    at: Date.UTC(2026, 0, 5, 9, 0, 10),
    station: 2,
    action: 'applied',
    tag: 'Entry conveyor',
    kind: 'alwaysOff',
    hidden: false,
    by: 'instructor',
  },
];
const report: ClassReport = {
  exercise,
  rows: [
    reportRow({ number: 1, label: '-Bench 1' }, grade, log),
    reportRow({ number: 2, label: undefined }, undefined, log),
  ],
  generatedAt: Date.UTC(2026, 0, 5, 9, 1, 0),
};

describe('the class report', () => {
  it('is a CSV row per station: status, points, each criterion three ways, the fault log, no formula', () => {
    const lines = classReportCsv(report).split('\r\n');
    expect(lines[0]).toBe(
      `station,label,exercise,status,end_reason,passed,points,pass_mark,total_points,exercise_time_s,started,ended,"'@SUM(1,2)","'@SUM(1,2) (at s)","'@SUM(1,2) (reason)",Never <script>,Never <script> (at s),Never <script> (reason),faults`,
    );
    expect(lines[1]).toBe(
      `1,'-Bench 1,"'=HYPERLINK(""http://x"") <b>bold</b>",ended,completed,yes,5,5,10,30.00,2026-01-05T09:00:00.000Z,2026-01-05T09:00:30.000Z,met,12.34,reached at 12.34 s,failed,20.00,"happened at 20 s: ""<img src=x onerror=alert(1)>""",2026-01-05T09:00:10.000Z applied At exit Always On (hidden) by Dead exit sensor`,
    );
    // Not started there: every criterion not yet, its own fault only.
    expect(lines[2]).toBe(
      `2,,"'=HYPERLINK(""http://x"") <b>bold</b>",not started,,,0,5,10,0.00,,,not yet,,,not yet,,,2026-01-05T09:00:10.000Z applied Entry conveyor Always Off by instructor`,
    );
    expect(lines[3]).toBe('');
  });

  it('is a printable page: escaped, no script, a summary then each station with its fault log', () => {
    const html = classReportHtml(report);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    );
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain(
      '<title>Class report: =HYPERLINK(&#34;http://x&#34;) &#60;b&#62;bold&#60;/b&#62;</title>',
    );
    expect(html).toContain('<h2>Station 1: -Bench 1</h2>');
    expect(html).toContain('<td class="met" title="reached at 12.34 s">met <small>12.34 s</small></td>');
    expect(html).toContain('<td>Dead exit sensor</td>');
    expect(html.match(/<section>/g)).toHaveLength(2);
    // The criteria say what they ask, except in a student's own report.
    expect(html).toContain(`title="reach items out at &#39;buffer&#39; &#62;= 1"`);
    expect(classReportHtml({ ...report, forStudent: true })).not.toContain('title="reach items');
  });
});
