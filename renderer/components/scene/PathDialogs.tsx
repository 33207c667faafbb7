import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { DialogProps } from '../../state/dialogs.js';
import { Modal } from '../widgets/Modal.js';

/**
 * The dialogs that ask for one line of text: a path on the TagSim machine (save, open, state) or
 * a new scene's name. The browser UI adds a download offer under the path fields.
 */

/** A one-field dialog: a text field and a submit button. */
function TextFieldDialog(props: {
  id: string;
  title: string;
  label: string;
  initial: string;
  submitLabel: string;
  hint?: string;
  mono?: boolean;
  answer(value: string): void;
  cancel(): void;
  extra?: ComponentChildren;
}) {
  const [text, setText] = useState(props.initial);
  const [error, setError] = useState<string | undefined>(undefined);
  const fieldId = `${props.id}-field`;
  const submit = () => {
    if (text.trim() === '') setError('This cannot be empty.');
    else props.answer(text.trim());
  };
  return (
    <Modal
      id={props.id}
      title={props.title}
      onCancel={props.cancel}
      onSubmit={submit}
      wide
      actions={
        <>
          <button type="submit" class="primary">
            {props.submitLabel}
          </button>
          <button type="button" onClick={props.cancel}>
            Cancel
          </button>
        </>
      }
    >
      <label class="field-label" for={fieldId}>
        {props.label}
      </label>
      <input
        id={fieldId}
        type="text"
        class={props.mono ? 'modal-input mono' : 'modal-input'}
        value={text}
        autocomplete="off"
        spellcheck={false}
        data-autofocus
        aria-invalid={error !== undefined}
        aria-describedby={error !== undefined ? `${fieldId}-error` : undefined}
        onInput={(event) => {
          setText((event.currentTarget as HTMLInputElement).value);
          setError(undefined);
        }}
      />
      {error !== undefined ? (
        <div id={`${fieldId}-error`} class="inline-error" role="alert">
          {error}
        </div>
      ) : null}
      {props.hint ? <p class="hint modal-hint">{props.hint}</p> : null}
      {props.extra}
    </Modal>
  );
}

export function SavePathDialog({
  spec,
  answer,
  cancel,
  onDownload,
}: DialogProps<'savePath'> & { onDownload?: () => void }) {
  return (
    <TextFieldDialog
      id="save-dialog"
      title={spec.reason === 'noPath' ? 'Save the scene to a file' : 'Save the scene as'}
      label="Path of the file on the computer that runs TagSim"
      initial={spec.suggested}
      submitLabel="Save"
      mono
      hint="A relative path is relative to the folder TagSim was started in. An existing file is replaced; its previous version is kept next to it as .bak."
      answer={answer}
      cancel={cancel}
      extra={<DownloadRow label="Download .tagsim.json" onDownload={onDownload} />}
    />
  );
}

/** A download offer under a path field (browser UI only). */
function DownloadRow({ label, onDownload }: { label: string; onDownload: (() => void) | undefined }) {
  if (!onDownload) return null;
  return (
    <div class="download-row">
      <span>Or keep a copy on this computer:</span>
      <button type="button" onClick={onDownload}>
        {label}
      </button>
    </div>
  );
}

export function StatePathDialog({
  spec,
  answer,
  cancel,
  onDownload,
}: DialogProps<'statePath'> & { onDownload?: () => void }) {
  return (
    <TextFieldDialog
      id="state-dialog"
      title="Save the runtime state"
      label="Path of the file on the computer that runs TagSim"
      initial={spec.suggested}
      submitLabel="Save"
      mono
      hint="Every tag's value, force and failure, to restore later (Scene ▸ Restore state). A relative path is relative to the folder TagSim was started in."
      answer={answer}
      cancel={cancel}
      extra={<DownloadRow label="Download .tagsim-state.json" onDownload={onDownload} />}
    />
  );
}

export function OpenPathDialog({ spec, answer, cancel }: DialogProps<'openPath'>) {
  return (
    <TextFieldDialog
      id="open-path-dialog"
      title={spec.purpose === 'scene' ? 'Open a scene file by path' : 'Restore the runtime state from a file'}
      label="Path of the file on the computer that runs TagSim"
      initial={spec.suggested}
      submitLabel={spec.purpose === 'scene' ? 'Open' : 'Restore'}
      mono
      hint="A relative path is relative to the folder TagSim was started in."
      answer={answer}
      cancel={cancel}
    />
  );
}

export function NewSceneDialog({ spec, answer, cancel }: DialogProps<'newScene'>) {
  return (
    <TextFieldDialog
      id="new-scene-dialog"
      title="New scene"
      label="Name"
      initial={spec.suggested}
      submitLabel="Create"
      hint="A new scene starts with the simulator's system tags: FACTORY I/O (Run), (Pause), (Reset), (Running), (Paused) and (Time Scale)."
      answer={answer}
      cancel={cancel}
    />
  );
}
