import { useEffect, useState } from 'preact/hooks';
import type { BridgeClient } from '../../../shared/bridge/bridge-client.js';
import { formatDuration } from '../../../shared/conditions/describe-condition.js';
import type { StudentExercise } from '../../../shared/exercise/student-view.js';
import { errorMessage } from '../../../shared/problems/message-text.js';
import { downloadText } from '../../ui/download.js';

const STATE_MARKS = { pending: '…', met: '✓', failed: '✗' } as const;
const STATE_WORDS = { pending: 'not yet', met: 'met', failed: 'failed' } as const;

/** `1:23`: exercise time as a clock shows it. */
function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The station's exercise as the window reads it: asked for on every (re)connection, then pushed. */
function useExercise(client: BridgeClient, connected: boolean): StudentExercise | null {
  const [exercise, setExercise] = useState<StudentExercise | null>(null);
  useEffect(() => client.on('exercise', setExercise), [client]);
  useEffect(() => {
    if (!connected) return;
    let current = true;
    client.getExercise(undefined).then(
      (view) => current && setExercise(view),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client, connected]);
  return exercise;
}

/**
 * A lab station's exercise (docs/lab.md, "Exercises and grading"): the task, the time, the points
 * and each criterion as the station is graded, and the student's own report. Only reading: the
 * instructor starts and stops it. Nothing shows where the station runs no exercise.
 */
export function ExercisePanel({ client, connected }: { client: BridgeClient; connected: boolean }) {
  const exercise = useExercise(client, connected);
  const [open, setOpen] = useState(true);
  const [problem, setProblem] = useState<string | undefined>();
  if (!exercise) return null;
  const download = async () => {
    try {
      const file = await client.exerciseReport({ format: 'html' });
      if (file) downloadText(file.fileName, file.text);
      setProblem(undefined);
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };
  const result =
    exercise.status === 'ended'
      ? exercise.passed
        ? 'Passed'
        : 'Not passed'
      : exercise.status === 'stopped'
        ? 'Stopped by your instructor'
        : exercise.status === 'ready'
          ? 'Not started yet'
          : `${clock(exercise.timeMs)} of ${clock(exercise.timeLimitMs)}`;
  return (
    <section class={`exercise-panel exercise-${exercise.status}`} aria-label="Exercise">
      <div class="exercise-line">
        <button type="button" class="small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide task' : 'Task'}
        </button>
        <strong>{exercise.name}</strong>
        <span class="exercise-result" role="status">
          {result}
        </span>
        <span>
          {exercise.points} of {exercise.totalPoints} points ({exercise.passMark} to pass)
        </span>
        <span class="spacer" />
        <button type="button" class="small" onClick={() => void download()}>
          My report
        </button>
      </div>
      {problem !== undefined ? <p class="inline-error">{problem}</p> : null}
      {open ? (
        <div class="exercise-body">
          <p class="exercise-task">{exercise.task}</p>
          <ul class="exercise-criteria">
            {exercise.criteria.map((c) => (
              <li key={c.name} class={`criterion criterion-${c.state}`}>
                <span class="criterion-mark" aria-hidden="true">
                  {STATE_MARKS[c.state]}
                </span>
                <span class="visually-hidden">{STATE_WORDS[c.state]}: </span>
                {c.name} <span class="muted">({c.points} points)</span>
                {c.atMs !== undefined && c.state !== 'pending' ? (
                  <span class="muted"> at {formatDuration(c.atMs)}</span>
                ) : null}
                {c.state === 'failed' && c.reason !== undefined ? (
                  <div class="criterion-reason">{c.reason}</div>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
