import { render } from 'preact';
import { takeToken } from '../boot/token.js';
import { MessageScreen } from '../components/shell/MessageScreen.js';
import { createLabClient } from './lab-client.js';
import { LabDashboard } from './LabDashboard.js';

/** Boot: the token of the URL that `tagsim lab` printed, then the dashboard. */
function boot(root: HTMLElement): void {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  const token = takeToken({
    href: location.href,
    storage,
    replaceUrl: (url) => history.replaceState(history.state, '', url),
  });
  if (token === undefined) {
    render(
      <MessageScreen title="The lab dashboard needs its access link">
        <p>
          Open the exact URL that <code>tagsim lab</code> printed, for example:
        </p>
        <pre>Dashboard: http://127.0.0.1:7440/?token=…</pre>
      </MessageScreen>,
      root,
    );
    return;
  }
  render(<LabDashboard client={createLabClient(token)} />, root);
}

const root = document.getElementById('app');
if (root) boot(root);
