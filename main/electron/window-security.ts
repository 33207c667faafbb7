import { isAppUrl } from './app-protocol.js';

/**
 * The settings of Electron's security checklist that live on the window and its session
 * (https://www.electronjs.org/docs/latest/tutorial/security): an isolated, sandboxed page without
 * Node, which may not leave our origin, open windows, load remote content or get permissions.
 */

/** The webPreferences of the TagSim window. `devTools` only in development. */
export function secureWebPreferences(preloadPath: string, devTools: boolean) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools,
  };
}

/** The part of an Electron Session hardened here. */
export interface SessionLike {
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: unknown,
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (
      webContents: unknown,
      permission: string,
      requestingOrigin: string,
      details: unknown,
    ) => boolean,
  ): void;
  readonly webRequest: {
    onBeforeRequest(
      filter: { urls: string[] },
      listener: (details: { url: string }, callback: (response: { cancel?: boolean }) => void) => void,
    ): void;
  };
}

/** Requests the page never makes on purpose: nothing of TagSim's window lives on the network. */
export const REMOTE_URL_PATTERNS = ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'];

/**
 * Denies every permission request and check (camera, notifications, clipboard read, ...), and
 * cancels every request to the network, should anything in the page ever try one.
 */
export function hardenSession(session: SessionLike): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onBeforeRequest({ urls: [...REMOTE_URL_PATTERNS] }, (_details, callback) =>
    callback({ cancel: true }),
  );
}

/** An Electron event that can be cancelled, with the URL it is about. */
export interface NavigationEventLike {
  readonly url: string;
  preventDefault(): void;
}

/** The part of a WebContents hardened here. */
export interface NavigableContentsLike {
  on(event: 'will-navigate', listener: (event: NavigationEventLike) => void): unknown;
  on(event: 'will-frame-navigate', listener: (event: NavigationEventLike) => void): unknown;
  on(event: 'will-redirect', listener: (event: NavigationEventLike) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/**
 * Keeps a window on our pages: navigations and redirects anywhere but `app://tagsim/` are
 * cancelled, `window.open` and target=_blank links are denied, and no <webview> may attach.
 */
export function hardenWebContents(contents: NavigableContentsLike): void {
  const stayHome = (event: NavigationEventLike) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  };
  contents.on('will-navigate', stayHome);
  contents.on('will-frame-navigate', stayHome);
  contents.on('will-redirect', stayHome);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** The part of Electron's `app` that reports every WebContents it creates. */
export interface WebContentsSourceLike {
  on(
    event: 'web-contents-created',
    listener: (event: unknown, contents: NavigableContentsLike) => void,
  ): unknown;
}

/**
 * Hardens every WebContents the app ever creates, not only TagSim's own window: a window or a
 * frame that a later change (or a bug) opens gets the same guards before it can load anything.
 */
export function hardenAllWebContents(app: WebContentsSourceLike): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
}
