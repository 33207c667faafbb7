import { Notifier } from './observable.js';

/** What each dialog is told, by kind. */
export interface DialogSpecs {
  /** "Discard unsaved changes to <name>?"; `download` offers a download instead of a save. */
  unsaved: { sceneName: string; download?: boolean };
  /** A path on the machine that runs TagSim, to save to. */
  savePath: { suggested: string; reason: 'noPath' | 'saveAs' };
  /** A path on the machine that runs TagSim, to open a scene or restore a state from. */
  openPath: { suggested: string; purpose: 'scene' | 'state' };
  /** "The file changed on disk since it was opened." */
  overwrite: { path: string };
  /** "<file> is not a valid scene" and every problem. */
  problems: { title: string; problems: readonly string[] };
  error: { title: string; message: string };
  newScene: { suggested: string };
  builtin: { builtins: readonly string[]; current: string | undefined };
  deleteTag: { tagName: string };
  /** A path on the machine that runs TagSim, to save the runtime state to. */
  statePath: { suggested: string };
  /** Something done, worth saying: "State restored: 20 tags". */
  notice: { title: string; lines: readonly string[] };
}

/** What each dialog answers, by kind; every dialog can be cancelled (Esc) with CANCEL_ANSWERS. */
export interface DialogAnswers {
  unsaved: 'save' | 'discard' | 'cancel';
  savePath: string | undefined;
  openPath: string | undefined;
  overwrite: boolean;
  problems: undefined;
  error: undefined;
  newScene: string | undefined;
  builtin: string | undefined;
  deleteTag: boolean;
  statePath: string | undefined;
  notice: undefined;
}

export type DialogKind = keyof DialogSpecs;

export const CANCEL_ANSWERS: { readonly [K in DialogKind]: DialogAnswers[K] } = {
  unsaved: 'cancel',
  savePath: undefined,
  openPath: undefined,
  overwrite: false,
  problems: undefined,
  error: undefined,
  newScene: undefined,
  builtin: undefined,
  deleteTag: false,
  statePath: undefined,
  notice: undefined,
};

/** An open dialog: its kind and spec, and the function that closes it with an answer. */
export type OpenDialog = {
  [K in DialogKind]: {
    /** New for every question, so that two dialogs of one kind in a row are two dialogs. */
    seq: number;
    kind: K;
    spec: DialogSpecs[K];
    answer(value: DialogAnswers[K]): void;
  };
}[DialogKind];

/** What a dialog component is given: its spec, the function that answers, and Esc's cancel. */
export interface DialogProps<K extends DialogKind> {
  spec: DialogSpecs[K];
  answer(value: DialogAnswers[K]): void;
  cancel(): void;
}

/** Asks a question in a dialog and resolves with the answer. */
export type Ask = <K extends DialogKind>(kind: K, spec: DialogSpecs[K]) => Promise<DialogAnswers[K]>;

/**
 * The window's modal dialogs, one at a time: `ask` queues a question and resolves with its
 * answer once the person has answered it; the component draws `current`. Pure TypeScript.
 */
export class Dialogs {
  readonly changes = new Notifier();
  private readonly queue: OpenDialog[] = [];
  private seq = 0;

  get current(): OpenDialog | undefined {
    return this.queue[0];
  }

  readonly ask: Ask = (kind, spec) =>
    new Promise((resolve) => {
      let answered = false;
      const dialog = {
        seq: ++this.seq,
        kind,
        spec,
        answer: (value: unknown) => {
          if (answered) return;
          answered = true;
          const at = this.queue.indexOf(dialog as OpenDialog);
          if (at >= 0) this.queue.splice(at, 1);
          this.changes.notify();
          resolve(value as never);
        },
      };
      this.queue.push(dialog as OpenDialog);
      this.changes.notify();
    });

  /** Closes the current dialog as Esc does. */
  cancel(): void {
    const dialog = this.current;
    if (dialog) (dialog.answer as (value: unknown) => void)(CANCEL_ANSWERS[dialog.kind]);
  }
}
