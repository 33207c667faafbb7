import type { StationGrade } from './exercise-session.js';
import type { BoundExercise } from './exercise-types.js';

/** `[  12.340 s]`: exercise time as the progress lines start, as a scenario's do. */
export function timeStamp(ms: number): string {
  return `[${(ms / 1000).toFixed(3).padStart(8)} s]`;
}

/**
 * What changed between two grades of one station, as progress lines: each fault of the exercise
 * going on or off, each criterion decided (with its reason), and the end with the points.
 */
export function gradeLines(
  exercise: BoundExercise,
  before: StationGrade | undefined,
  after: StationGrade,
): string[] {
  const lines: string[] = [];
  const at = timeStamp(after.timeMs);
  after.faults.forEach((task, i) => {
    const was = before?.faults[i]?.state ?? 'waiting';
    if (task.state === was) return;
    const fault = exercise.faults.faults.find((f) => f.name === task.name);
    const hidden = fault?.fault.hidden ? ', hidden' : '';
    if (task.state === 'on' || (was === 'waiting' && task.state === 'done'))
      lines.push(
        `${at} fault  '${task.name}' on (${fault?.fault.tag ?? '?'}: ${fault?.fault.kind ?? '?'}${hidden})`,
      );
    if (task.state === 'done') lines.push(`${at} fault  '${task.name}' off`);
  });
  after.criteria.forEach((judged, i) => {
    if (judged.state === 'pending' || before?.criteria[i]?.state === judged.state) return;
    const criterion = exercise.criteria[i]!;
    const word = judged.state === 'met' ? 'met   ' : 'FAILED';
    lines.push(
      `${timeStamp(judged.atMs ?? after.timeMs)} ${word} "${criterion.name}": ${judged.reason ?? ''}`,
    );
  });
  if (after.status !== 'running' && before?.status !== after.status) {
    const result =
      after.status === 'stopped'
        ? `STOPPED (${after.endReason ?? 'stopped'}): not graded`
        : `${after.passed ? 'PASSED' : 'FAILED'}: ${after.points} of ${exercise.totalPoints} points, ${exercise.passMark} needed (${after.endReason ?? 'ended'})`;
    lines.push(`${at} ${result}`);
  }
  return lines;
}
