// Electron's dialogs, faked.
import { vi } from 'vitest';
import type {
  MessageBoxOptionsLike,
  OpenDialogOptionsLike,
  SaveDialogOptionsLike,
  SceneDialogs,
} from '../../../main/electron/native-dialogs.js';

/**
 * Electron's dialogs, answered from scripts: the files the Open and Save dialogs return
 * (undefined: the person cancelled) and the buttons clicked in message boxes, by label. A box
 * with a single button (an error, About) is answered with it; any other box without a scripted
 * answer fails the test.
 */
export class FakeDialogs implements SceneDialogs {
  readonly opened: OpenDialogOptionsLike[] = [];
  readonly saved: SaveDialogOptionsLike[] = [];
  readonly boxes: MessageBoxOptionsLike[] = [];
  private readonly openAnswers: (string | undefined)[] = [];
  private readonly saveAnswers: (string | undefined)[] = [];
  private readonly buttons: string[] = [];
  /** When set, message boxes fail to show with this error. */
  failBoxes: Error | undefined;
  /** When set, message boxes wait for the test (or for their signal) instead of answering. */
  holdBoxes = false;
  private readonly held: { options: MessageBoxOptionsLike; answer: (response: number) => void }[] = [];

  /** The Open dialog returns this file next (undefined: cancelled). */
  openReturns(file: string | undefined): this {
    this.openAnswers.push(file);
    return this;
  }
  /** The Save dialog returns this file next (undefined: cancelled). */
  saveReturns(file: string | undefined): this {
    this.saveAnswers.push(file);
    return this;
  }
  /** The next message boxes are answered with these buttons, in order. */
  click(...labels: string[]): this {
    this.buttons.push(...labels);
    return this;
  }

  /** Every box's message, in order. */
  get messages(): string[] {
    return this.boxes.map((box) => box.message);
  }
  /** The error boxes shown. */
  get errors(): MessageBoxOptionsLike[] {
    return this.boxes.filter((box) => box.type === 'error');
  }
  /** The boxes being held open (holdBoxes). */
  get open(): MessageBoxOptionsLike[] {
    return this.held.map((h) => h.options);
  }
  /** Answers the oldest held box with this button. */
  answer(label: string): void {
    const box = this.held.shift();
    if (!box) throw new Error('no message box is open');
    box.answer(this.indexOf(box.options, label));
  }
  /** True when every scripted answer was used. */
  get allAnswered(): boolean {
    return this.openAnswers.length + this.saveAnswers.length + this.buttons.length === 0;
  }

  showOpenDialog = vi.fn(async (options: OpenDialogOptionsLike) => {
    this.opened.push(options);
    if (this.openAnswers.length === 0) throw new Error('unexpected Open dialog');
    const file = this.openAnswers.shift();
    return file === undefined ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: [file] };
  });

  showSaveDialog = vi.fn(async (options: SaveDialogOptionsLike) => {
    this.saved.push(options);
    if (this.saveAnswers.length === 0) throw new Error('unexpected Save dialog');
    const file = this.saveAnswers.shift();
    return file === undefined ? { canceled: true, filePath: '' } : { canceled: false, filePath: file };
  });

  showMessageBox = vi.fn(async (options: MessageBoxOptionsLike) => {
    this.boxes.push(options);
    if (this.failBoxes) throw this.failBoxes;
    const buttons = options.buttons ?? ['OK'];
    if (buttons.length === 1) return { response: 0 };
    if (this.holdBoxes) {
      return new Promise<{ response: number }>((resolve) => {
        const entry = { options, answer: (response: number) => resolve({ response }) };
        this.held.push(entry);
        options.signal?.addEventListener('abort', () => {
          this.held.splice(this.held.indexOf(entry), 1);
          resolve({ response: options.cancelId ?? buttons.length - 1 });
        });
      });
    }
    const label = this.buttons.shift();
    if (label === undefined) throw new Error(`unexpected message box: ${options.message}`);
    return { response: this.indexOf(options, label) };
  });

  private indexOf(options: MessageBoxOptionsLike, label: string): number {
    const index = (options.buttons ?? []).indexOf(label);
    if (index < 0) throw new Error(`no button '${label}' in the box '${options.message}'`);
    return index;
  }
}
