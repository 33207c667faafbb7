import { CANCEL_ANSWERS, type DialogProps, type OpenDialog } from '../../state/dialogs.js';
import { Modal } from '../widgets/Modal.js';
import { NewSceneDialog, OpenPathDialog, SavePathDialog, StatePathDialog } from './PathDialogs.js';

export interface DialogHostProps {
  dialog: OpenDialog | undefined;
  /** In the browser UI, a scene can also be downloaded to the browser's computer. */
  onDownload?: () => void;
  /** And the runtime state too. */
  onDownloadState?: () => void;
}

/**
 * Draws the dialog the window is asking, if any (one at a time; see state/dialogs.ts): the
 * questions and messages here, the dialogs that ask for a path or a name in PathDialogs.tsx.
 */
export function DialogHost({ dialog, onDownload, onDownloadState }: DialogHostProps) {
  if (!dialog) return null;
  const cancel = () => (dialog.answer as (value: unknown) => void)(CANCEL_ANSWERS[dialog.kind]);
  const key = dialog.seq;
  switch (dialog.kind) {
    case 'unsaved':
      return <UnsavedDialog key={key} spec={dialog.spec} answer={dialog.answer} cancel={cancel} />;
    case 'savePath':
      return (
        <SavePathDialog
          key={key}
          spec={dialog.spec}
          answer={dialog.answer}
          cancel={cancel}
          onDownload={onDownload}
        />
      );
    case 'openPath':
      return <OpenPathDialog key={key} spec={dialog.spec} answer={dialog.answer} cancel={cancel} />;
    case 'overwrite':
      return <OverwriteDialog key={key} spec={dialog.spec} answer={dialog.answer} cancel={cancel} />;
    case 'problems':
      return <ProblemsDialog key={key} spec={dialog.spec} answer={dialog.answer} cancel={cancel} />;
    case 'error':
      return <ErrorDialog key={key} spec={dialog.spec} answer={dialog.answer} cancel={cancel} />;
    case 'newScene':
      return <NewSceneDialog key={key} spec={dialog.spec} answer={dialog.answer} cancel={cancel} />;
    case 'builtin':
      return <BuiltinDialog key={key} spec={dialog.spec} answer={dialog.answer} cancel={cancel} />;
    case 'deleteTag':
      return <DeleteTagDialog key={key} spec={dialog.spec} answer={dialog.answer} cancel={cancel} />;
    case 'statePath':
      return (
        <StatePathDialog
          key={key}
          spec={dialog.spec}
          answer={dialog.answer}
          cancel={cancel}
          onDownload={onDownloadState}
        />
      );
    case 'notice':
      return <NoticeDialog key={key} spec={dialog.spec} answer={dialog.answer} cancel={cancel} />;
  }
}

function UnsavedDialog({ spec, answer, cancel }: DialogProps<'unsaved'>) {
  return (
    <Modal
      id="unsaved-dialog"
      role="alertdialog"
      title={`Discard unsaved changes to “${spec.sceneName}”?`}
      onCancel={cancel}
      onSubmit={() => answer('save')}
      actions={
        <>
          <button type="submit" class="primary" data-autofocus>
            {spec.download ? 'Download a copy' : 'Save'}
          </button>
          <button type="button" class="danger" onClick={() => answer('discard')}>
            Discard
          </button>
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        </>
      }
    >
      <p>
        Your changes to this scene are not in any file yet.{' '}
        {spec.download ? 'Download a copy first, or discard them.' : 'Save them first, or discard them.'}
      </p>
    </Modal>
  );
}

function NoticeDialog({ spec, cancel }: DialogProps<'notice'>) {
  return (
    <Modal
      id="notice-dialog"
      title={spec.title}
      onCancel={cancel}
      actions={
        <button type="button" class="primary" onClick={cancel} data-autofocus>
          OK
        </button>
      }
    >
      {spec.lines.map((line, i) => (
        <p key={i} class="break">
          {line}
        </p>
      ))}
    </Modal>
  );
}

function OverwriteDialog({ spec, answer, cancel }: DialogProps<'overwrite'>) {
  return (
    <Modal
      id="overwrite-dialog"
      role="alertdialog"
      title="The file changed on disk since it was opened"
      onCancel={cancel}
      actions={
        <>
          <button type="button" class="danger" onClick={() => answer(true)}>
            Overwrite
          </button>
          <button type="button" onClick={cancel} data-autofocus>
            Cancel
          </button>
        </>
      }
    >
      <p>
        Another program changed <span class="mono break">{spec.path}</span> after TagSim opened or saved it.
        Overwrite it with this scene? The version on disk is kept next to it as .bak.
      </p>
    </Modal>
  );
}

function ProblemsDialog({ spec, cancel }: DialogProps<'problems'>) {
  const count = spec.problems.length === 1 ? '1 problem' : `${spec.problems.length} problems`;
  return (
    <Modal
      id="problems-dialog"
      role="alertdialog"
      title={spec.title}
      onCancel={cancel}
      wide
      actions={
        <button type="button" class="primary" onClick={cancel} data-autofocus>
          OK
        </button>
      }
    >
      <p>{count}. Nothing was changed: TagSim keeps serving what it had.</p>
      <ul class="problem-list" aria-label="Problems">
        {spec.problems.map((problem, i) => (
          <li key={i} class="mono">
            {problem}
          </li>
        ))}
      </ul>
    </Modal>
  );
}

function ErrorDialog({ spec, cancel }: DialogProps<'error'>) {
  return (
    <Modal
      id="error-dialog"
      role="alertdialog"
      title={spec.title}
      onCancel={cancel}
      actions={
        <button type="button" class="primary" onClick={cancel} data-autofocus>
          OK
        </button>
      }
    >
      <p class="break">{spec.message}</p>
    </Modal>
  );
}

function BuiltinDialog({ spec, answer, cancel }: DialogProps<'builtin'>) {
  return (
    <Modal
      id="builtin-dialog"
      title="Open a built-in scene"
      onCancel={cancel}
      wide
      actions={
        <button type="button" onClick={cancel}>
          Cancel
        </button>
      }
    >
      <p class="hint">
        The scenes of the simulator&apos;s catalogue, with the tags their sample controllers use.
      </p>
      <ul class="builtin-list" aria-label="Built-in scenes">
        {spec.builtins.map((name, i) => (
          <li key={name}>
            <button
              type="button"
              class={name === spec.current ? 'builtin-choice current' : 'builtin-choice'}
              aria-current={name === spec.current ? 'true' : undefined}
              data-autofocus={i === 0 ? true : undefined}
              onClick={() => answer(name)}
            >
              {name}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

function DeleteTagDialog({ spec, answer, cancel }: DialogProps<'deleteTag'>) {
  return (
    <Modal
      id="delete-dialog"
      role="alertdialog"
      title={`Delete the tag “${spec.tagName}”?`}
      onCancel={cancel}
      actions={
        <>
          <button type="button" class="danger" onClick={() => answer(true)}>
            Delete
          </button>
          <button type="button" onClick={cancel} data-autofocus>
            Cancel
          </button>
        </>
      }
    >
      <p>API clients that use its id or name will no longer find it. Undo brings it back.</p>
    </Modal>
  );
}
