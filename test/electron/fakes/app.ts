// Electron's app, faked: the single-instance lock, the paths, ready and quit.
import { FakeEmitter, fakeEvent } from './emitter.js';

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
