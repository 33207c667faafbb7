import { useState } from 'preact/hooks';
import { FAILURE_LABELS } from '../../shared/core/fault-words.js';
import type { FaultKind, LabFault } from '../../shared/lab/lab-fault.js';
import { forceValueOf } from './lab-format.js';

const KIND_LABELS: Record<FaultKind, string> = {
  force: 'Force to',
  alwaysOff: FAILURE_LABELS.alwaysOff,
  alwaysOn: FAILURE_LABELS.alwaysOn,
};

/** A fault on a tag by name, for the selected stations: apply it (shown or hidden) or clear it. */
export function FaultForm(props: {
  tagNames: readonly string[];
  busy: boolean;
  onApply: (fault: LabFault) => void;
  onClear: (tag: string, kind: FaultKind) => void;
}) {
  const [tag, setTag] = useState('');
  const [kind, setKind] = useState<FaultKind>('alwaysOff');
  const [value, setValue] = useState('true');
  // Hiding is the instructor's choice each time, not a default left ticked.
  const [hidden, setHidden] = useState(false);
  const [locked, setLocked] = useState(false);
  const how = { hidden, ...(hidden && locked ? { locked: true } : {}) };
  const [problem, setProblem] = useState<string | undefined>();

  const apply = () => {
    if (tag.trim() === '') return setProblem("Type the tag's name.");
    if (kind !== 'force') return props.onApply({ tag: tag.trim(), kind, ...how });
    const forced = forceValueOf(value);
    if (typeof forced === 'string') return setProblem(forced);
    setProblem(undefined);
    props.onApply({ tag: tag.trim(), kind, value: forced, ...how });
  };

  return (
    <fieldset class="fault-form" disabled={props.busy}>
      <legend>Fault</legend>
      <label>
        Tag
        <input
          list="lab-tag-names"
          value={tag}
          maxLength={200}
          placeholder="e.g. High sensor"
          onInput={(e) => setTag(e.currentTarget.value)}
        />
      </label>
      <datalist id="lab-tag-names">
        {props.tagNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <label>
        Kind
        <select value={kind} onChange={(e) => setKind(e.currentTarget.value as FaultKind)}>
          {(Object.keys(KIND_LABELS) as FaultKind[]).map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      {kind === 'force' ? (
        <label>
          Value
          <input
            class="value"
            value={value}
            maxLength={40}
            onInput={(e) => setValue(e.currentTarget.value)}
          />
        </label>
      ) : null}
      <label class="check">
        <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.currentTarget.checked)} />
        Hidden from the student
      </label>
      <label
        class="check"
        title="The student's window and program cannot take it off: they are told the tag is locked"
      >
        <input
          type="checkbox"
          checked={hidden && locked}
          disabled={!hidden}
          onChange={(e) => setLocked(e.currentTarget.checked)}
        />
        Locked
      </label>
      <button type="button" class="primary" onClick={apply}>
        Apply
      </button>
      <button
        type="button"
        onClick={() => (tag.trim() ? props.onClear(tag.trim(), kind) : setProblem("Type the tag's name."))}
      >
        Clear
      </button>
      {problem !== undefined ? (
        <span class="problem" role="alert">
          {problem}
        </span>
      ) : null}
    </fieldset>
  );
}
