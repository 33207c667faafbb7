import { newAccessToken } from '../net/access-token.js';
import type { ServerMount } from '../server/create-api-server.js';
import type { BridgeHost } from '../runtime/bridge-host.js';
import { staticUi, UI_PATH } from './static-ui.js';
import { createWsBridgeHost } from './ws-bridge-host.js';
import type { SendBudget } from './send-budget.js';

/** The browser UI of `tagsim serve --ui`: the renderer bundle and its WebSocket bridge. */
export interface BrowserUi {
  readonly mount: ServerMount;
  /** The per-start token that the page must present on its WebSocket. */
  readonly token: string;
  /** The address to open, for a server listening at `serverUrl`. */
  urlFor(serverUrl: string): string;
  close(): void;
}

export function createBrowserUi(options: {
  host: BridgeHost;
  rendererDir: string;
  onError: (error: unknown) => void;
  token?: string;
  /** What the process's window sockets may hold unread together; a lab passes its one. */
  sendBudget?: SendBudget;
}): BrowserUi {
  const token = options.token ?? newAccessToken();
  const ws = createWsBridgeHost(options.host, token, options.onError, options.sendBudget);
  return {
    token,
    mount: {
      pathPrefix: '/ui',
      middleware: staticUi(options.rendererDir),
      upgrade: (req, socket, head) => ws.handleUpgrade(req, socket, head),
    },
    urlFor: (serverUrl) =>
      `${serverUrl.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:')}${UI_PATH}?token=${token}`,
    close: () => ws.close(),
  };
}
