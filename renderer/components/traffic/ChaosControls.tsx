import { useEffect, useRef, useState } from 'preact/hooks';
import type { BridgeClient } from '../../../shared/bridge/bridge-client.js';
import type { ChaosView } from '../../../shared/bridge/control-spec.js';
import { describeChaosRule } from '../../state/traffic-text.js';
import { errorMessage } from '../../../shared/problems/message-text.js';

export interface ChaosControlsProps {
  client: BridgeClient;
  disabled: boolean;
}

/**
 * The chaos rules in force with their hit counts (live: `chaos` events), Clear rules, and Load a
 * rules file, checked as `--chaos` and PUT /tagsim/v1/chaos check it.
 */
export function ChaosControls({ client, disabled }: ChaosControlsProps) {
  const [view, setView] = useState<ChaosView | undefined>();
  const [error, setError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const stop = client.on('chaos', setView);
    client.getChaos(undefined).then(setView, (e: unknown) => setError(String(e)));
    return stop;
  }, [client]);

  const act = async (action: () => Promise<ChaosView | undefined>) => {
    try {
      const next = await action();
      if (next) setView(next);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const load = (file: File) =>
    act(async () => {
      const outcome = await client.loadChaosRules({ text: await file.text(), fileName: file.name });
      setError(outcome.ok ? undefined : outcome.message);
      return outcome.ok ? outcome.chaos : undefined;
    });

  const rules = view?.enabled ? view.rules : [];
  return (
    <section class="details-section chaos-controls" aria-label="Chaos">
      <h3>Chaos</h3>
      {view && !view.enabled ? (
        <p class="traffic-off">{view.reason}</p>
      ) : (
        <>
          {rules.length === 0 ? (
            <p class="hint">No chaos rules: every request is served as asked.</p>
          ) : (
            <ol class="chaos-rules" start={0} aria-label="Chaos rules">
              {rules.map((rule, at) => (
                <li key={at} class="mono">
                  {describeChaosRule(rule)}
                </li>
              ))}
            </ol>
          )}
          <div class="chaos-actions">
            <button
              type="button"
              disabled={disabled || rules.length === 0}
              onClick={() => void act(() => client.clearChaos(undefined))}
            >
              Clear rules
            </button>
            <button type="button" disabled={disabled} onClick={() => fileInput.current?.click()}>
              Load rules file…
            </button>
            <input
              ref={fileInput}
              type="file"
              accept=".json,application/json"
              hidden
              aria-label="Chaos rules file"
              onChange={(event) => {
                const input = event.currentTarget as HTMLInputElement;
                const file = input.files?.[0];
                input.value = '';
                if (file) void load(file);
              }}
            />
          </div>
        </>
      )}
      {error !== undefined ? (
        <pre class="inline-error chaos-error" role="alert">
          {error}
        </pre>
      ) : null}
    </section>
  );
}
