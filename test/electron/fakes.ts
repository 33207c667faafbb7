// Fakes of the Electron APIs the shell uses: just enough behaviour to drive the shell's functions
// without the Electron binary (which build machines do not have).
import { vi } from 'vitest';
import type { FrameLike, InvokeEventLike } from '../../main/electron/ipc-host.js';
import type { Rect } from '../../main/electron/window-bounds.js';
import type { MainWindowOptions } from '../../main/electron/window.js';
import type { MenuTemplateItem } from '../../main/electron/tray.js';
import type {
  MessageBoxOptionsLike,
  OpenDialogOptionsLike,
  SaveDialogOptionsLike,
  SceneDialogs,
} from '../../main/electron/native-dialogs.js';

type AnyListener = (...args: never[]) => unknown;

/** A minimal event emitter with the `on`/`once` shape of Electron's objects. */
export class FakeEmitter {
  private readonly listeners = new Map<string, { listener: AnyListener; once: boolean }[]>();

  on(event: string, listener: AnyListener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), { listener, once: false }]);
    return this;
  }

  once(event: string, listener: AnyListener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), { listener, once: true }]);
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }

  emit(event: string, ...args: unknown[]): void {
    const entries = this.listeners.get(event) ?? [];
    this.listeners.set(
      event,
      entries.filter((e) => !e.once),
    );
    for (const { listener } of entries) (listener as (...a: unknown[]) => unknown)(...args);
  }
}

/** A cancellable Electron event. */
export function fakeEvent<T extends object = object>(params: T = {} as T) {
  let prevented = false;
  return Object.assign(
    {
      preventDefault: () => {
        prevented = true;
      },
      get defaultPrevented() {
        return prevented;
      },
    },
    params,
  );
}

let nextRoutingId = 1;

export function fakeFrame(url: string, options: Partial<FrameLike> = {}): FrameLike {
  return { url, parent: null, processId: 7, routingId: nextRoutingId++, ...options };
}

export class FakeWebContents extends FakeEmitter {
  mainFrame: FrameLike;
  destroyed = false;
  readonly sent: { channel: string; args: unknown[] }[] = [];
  windowOpenHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;

  constructor(url = 'app://tagsim/index.html') {
    super();
    this.mainFrame = fakeFrame(url);
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.windowOpenHandler = handler;
  }

  /** An invoke event as sent by this page's top frame. */
  invokeEvent(frame: FrameLike | null = this.mainFrame): InvokeEventLike {
    return { sender: this, senderFrame: frame };
  }
}

export class FakeBrowserWindow extends FakeEmitter {
  readonly webContents = new FakeWebContents();
  readonly loaded: string[] = [];
  visible = false;
  minimized = false;
  destroyed = false;
  focused = 0;
  bounds: Rect;

  constructor(readonly options: MainWindowOptions) {
    super();
    this.bounds = { x: options.x ?? 100, y: options.y ?? 100, width: options.width, height: options.height };
  }

  loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    return Promise.resolve();
  }
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {
    this.focused++;
  }
  restore(): void {
    this.minimized = false;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getNormalBounds(): Rect {
    return { ...this.bounds };
  }

  /** What the close button does: 'close', then, unless prevented, the window is gone. */
  close(): boolean {
    const event = fakeEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroyed = true;
    this.visible = false;
    this.emit('closed');
    return true;
  }
}

export class FakeIpcMain {
  readonly handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
  handle = vi.fn((channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown) => {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  });
  removeHandler = vi.fn((channel: string) => {
    this.handlers.delete(channel);
  });

  /** Calls a handler as Electron would: a rejection is what the renderer gets. */
  async invoke(channel: string, event: InvokeEventLike, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, ...args);
  }
}

export class FakeSession {
  requestHandler:
    ((wc: unknown, permission: string, cb: (granted: boolean) => void, d: unknown) => void) | undefined;
  checkHandler: ((wc: unknown, permission: string, origin: string, d: unknown) => boolean) | undefined;
  blocked: {
    filter: { urls: string[] };
    listener: (d: { url: string }, cb: (r: { cancel?: boolean }) => void) => void;
  }[] = [];
  setPermissionRequestHandler(handler: NonNullable<FakeSession['requestHandler']>): void {
    this.requestHandler = handler;
  }
  setPermissionCheckHandler(handler: NonNullable<FakeSession['checkHandler']>): void {
    this.checkHandler = handler;
  }
  readonly webRequest = {
    onBeforeRequest: (
      filter: { urls: string[] },
      listener: (d: { url: string }, cb: (r: { cancel?: boolean }) => void) => void,
    ) => {
      this.blocked.push({ filter, listener });
    },
  };
}

export class FakeScreen {
  constructor(
    public workAreas: Rect[] = [{ x: 0, y: 0, width: 1920, height: 1040 }],
    public primary = 0,
  ) {}
  getAllDisplays() {
    return this.workAreas.map((workArea) => ({ workArea }));
  }
  getPrimaryDisplay() {
    const workArea = this.workAreas[this.primary];
    if (!workArea) throw new Error('no display');
    return { workArea };
  }
}

/** A built menu: keeps its template so tests can read and click it. */
export interface FakeMenu {
  template: MenuTemplateItem[];
}

export class FakeTray extends FakeEmitter {
  readonly images: string[] = [];
  readonly tooltips: string[] = [];
  readonly menus: (FakeMenu | null)[] = [];
  destroyed = false;
  constructor(image?: string) {
    super();
    if (image !== undefined) this.images.push(image);
  }
  setImage(image: string): void {
    this.images.push(image);
  }
  setToolTip(tooltip: string): void {
    this.tooltips.push(tooltip);
  }
  setContextMenu(menu: FakeMenu | null): void {
    this.menus.push(menu);
  }
  destroy(): void {
    this.destroyed = true;
  }
  get menu(): FakeMenu {
    const menu = this.menus.at(-1);
    if (!menu) throw new Error('no context menu set');
    return menu;
  }
}

/** Finds a menu item by its label path, e.g. ['Quick faults', 'Motor', 'Always On']. */
export function findItem(items: readonly MenuTemplateItem[], path: readonly string[]): MenuTemplateItem {
  const [head, ...rest] = path;
  const item = items.find((i) => i.label === head);
  if (!item) {
    throw new Error(`no menu item '${head}' among ${items.map((i) => i.label ?? '---').join(', ')}`);
  }
  if (rest.length === 0) return item;
  return findItem(item.submenu ?? [], rest);
}

export class FakeApp extends FakeEmitter {
  lock = true;
  quitCalls = 0;
  exitCode: number | undefined;
  isPackaged = false;
  ready: Promise<void> = Promise.resolve();
  userData = '/home/lab/.config/TagSim';
  documents = '/home/lab/Documents';
  version = '0.1.0';
  requestSingleInstanceLock(): boolean {
    return this.lock;
  }
  quit(): void {
    this.quitCalls++;
  }
  exit(code?: number): void {
    this.exitCode = code ?? 0;
  }
  whenReady(): Promise<unknown> {
    return this.ready;
  }
  getAppPath(): string {
    return '/opt/tagsim/resources/app.asar';
  }
  getPath(name: 'userData' | 'documents'): string {
    return name === 'documents' ? this.documents : this.userData;
  }
  getVersion(): string {
    return this.version;
  }
  /** What app.quit() starts: 'before-quit'; true when nobody held it back. */
  beforeQuit(): boolean {
    const event = fakeEvent();
    this.emit('before-quit', event);
    return !event.defaultPrevented;
  }
}

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
