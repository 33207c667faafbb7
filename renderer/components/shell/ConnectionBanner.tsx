import type { ConnectionState } from '../../transport/connection.js';

/** Shown while the browser UI cannot reach TagSim: what happened and what to do. */
export function ConnectionBanner({ state, onRetry }: { state: ConnectionState; onRetry?: () => void }) {
  if (state.status === 'connected') return null;
  const first = state.status === 'connecting' && state.attempt === 0;
  if (first) {
    return (
      <div class="banner banner-info" role="status">
        Connecting to TagSim…
      </div>
    );
  }
  const hint =
    state.status === 'disconnected' && !state.everConnected
      ? 'If TagSim was restarted with another access token, open the new URL that `tagsim serve --ui` printed.'
      : 'Is TagSim still running? The window reconnects by itself and reloads every tag when it is back.';
  return (
    <div class="banner banner-error" role="alert">
      <strong>Disconnected from TagSim.</strong>{' '}
      {state.status === 'connecting' ? 'Reconnecting…' : `Retrying (attempt ${state.attempt})…`}{' '}
      <span class="banner-hint">{hint}</span>
      {onRetry && state.status === 'disconnected' ? (
        <button type="button" class="small" onClick={onRetry}>
          Retry now
        </button>
      ) : null}
    </div>
  );
}
