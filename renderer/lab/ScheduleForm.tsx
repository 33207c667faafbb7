import { useState } from 'preact/hooks';
import type { LabClient } from './lab-client.js';
import { errorMessage } from '../../shared/problems/message-text.js';

const EXAMPLE = `{
  "faults": [
    { "at": 60000, "stations": "all", "fault": { "tag": "High sensor", "kind": "alwaysOff", "hidden": true },
      "clearAfter": 120000 }
  ]
}`;

/** A fault schedule typed or pasted in (the file's JSON, docs/lab.md), started at once. */
export function ScheduleForm(props: { client: LabClient; onStarted: () => void }) {
  const [text, setText] = useState(EXAMPLE);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | undefined>();

  const start = async () => {
    setBusy(true);
    try {
      const tasks = await props.client.startSchedule(text);
      setOutcome({
        ok: true,
        message: `Started: ${tasks.length} fault${tasks.length === 1 ? '' : 's'} to inject.`,
      });
      props.onStarted();
    } catch (e) {
      setOutcome({ ok: false, message: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <details class="schedule-form">
      <summary>Start a fault schedule</summary>
      <textarea
        aria-label="Fault schedule (JSON)"
        rows={8}
        spellcheck={false}
        maxLength={60_000}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <div class="schedule-actions">
        <button type="button" class="primary" disabled={busy} onClick={() => void start()}>
          Start
        </button>
        {outcome !== undefined ? (
          <span class={outcome.ok ? 'muted' : 'problem'} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.message}
          </span>
        ) : null}
      </div>
    </details>
  );
}
