import type { ExerciseStatus } from './exercise-run.js';
import { STATUS_WORDS } from './class-report.js';
import type { GradedStationOverview } from './exercise-overview.js';

/**
 * The exercise of a lab or a class on one line, above its grades:
 * `2 of 5 stations passed · 1 running · 3 ended · 1 not started`. A station without a grade has
 * not started; the statuses no station has are left out.
 */
export function exerciseSummary(stations: readonly GradedStationOverview[]): string {
  const passed = stations.filter((s) => s.grade?.passed === true).length;
  const counts = new Map<ExerciseStatus, number>();
  for (const s of stations) {
    const status = s.grade?.status ?? 'ready';
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  const order: ExerciseStatus[] = ['running', 'ended', 'stopped', 'ready'];
  const statuses = order.filter((s) => counts.has(s)).map((s) => `${counts.get(s)} ${STATUS_WORDS[s]}`);
  const head = `${passed} of ${stations.length} station${stations.length === 1 ? '' : 's'} passed`;
  return [head, ...statuses].join(' · ');
}
