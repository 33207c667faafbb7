import { render } from 'preact';
import { createBridgeClient, type BridgeTransport } from '../shared/bridge/bridge-client.js';
import { takeToken } from './boot/token.js';
import { App } from './app/App.js';
import { MessageScreen } from './components/shell/MessageScreen.js';
import { Dialogs } from './state/dialogs.js';
import { ScenesModel } from './state/scenes-model.js';
import { UiModel } from './state/ui-model.js';
import { ALWAYS_CONNECTED, type ConnectionSource } from './transport/connection.js';
import { findIpcTransport } from './transport/ipc-transport.js';
import { createWsTransport, type SocketLike, uiSocketUrl } from './transport/ws-transport.js';

/**
 * Boot: pick the transport. In the Electron window the preload has put the bridge on
 * `window.tagsim`; in a browser (`tagsim serve --ui`) the bridge is a WebSocket to the page's own
 * host, authorised by the token of the URL that `tagsim serve --ui` printed.
 */
function boot(root: HTMLElement): void {
  const ipc = findIpcTransport(window as { tagsim?: unknown });
  let transport: BridgeTransport;
  let link: ConnectionSource;
  if (ipc) {
    transport = ipc;
    link = ALWAYS_CONNECTED;
  } else {
    const token = takeToken({
      href: location.href,
      storage: sessionStorageOrUndefined(),
      replaceUrl: (url) => history.replaceState(history.state, '', url),
    });
    if (token === undefined) {
      render(
        <MessageScreen title="TagSim needs its access link">
          <p>
            This page only works with the access token that TagSim prints when it starts. Open the exact URL
            that <code>tagsim serve --ui</code> printed, for example:
          </p>
          <pre>UI: http://127.0.0.1:7410/ui/?token=…</pre>
          <p class="muted">The token changes on every start, so a bookmark of an old link stops working.</p>
        </MessageScreen>,
        root,
      );
      return;
    }
    const ws = createWsTransport({
      url: uiSocketUrl(location, token),
      // The browser's WebSocket has these members; its handler types are just more specific.
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      timers: {
        setTimeout: (callback, ms) => window.setTimeout(callback, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number | undefined),
        now: () => Date.now(),
      },
    });
    transport = ws;
    link = ws;
  }
  const client = createBridgeClient(transport);
  const model = new UiModel(client, link);
  const scenes = new ScenesModel(client, link);
  model.start();
  scenes.start();
  render(
    <App
      model={model}
      scenes={scenes}
      dialogs={new Dialogs()}
      link={link}
      shell={ipc ? 'desktop' : 'browser'}
    />,
    root,
  );
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

const root = document.getElementById('app');
if (root) boot(root);
