// The window and what it stands on, faked: its web contents and frames, its session and the screen.
import type { FrameLike, InvokeEventLike } from '../../../main/electron/ipc-host.js';
import type { Rect } from '../../../main/electron/window-bounds.js';
import type { MainWindowOptions } from '../../../main/electron/window.js';
import { FakeEmitter, fakeEvent } from './emitter.js';

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
