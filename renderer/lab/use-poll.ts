import { useEffect, useState } from 'preact/hooks';
import { errorMessage } from '../../shared/problems/message-text.js';

/**
 * Reads `read()` now and again `ms` after each answer (never two at once), for as long as the
 * component lives or until `deps` change. Returns the last answer and the last error's message
 * (cleared by the next answer).
 */
export function usePoll<T>(
  read: () => Promise<T>,
  ms: number,
  deps: readonly unknown[],
): { value: T | undefined; error: string | undefined } {
  const [value, setValue] = useState<T | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    const tick = async () => {
      try {
        const next = await read();
        if (stopped) return;
        setValue(next);
        setError(undefined);
      } catch (e) {
        if (!stopped) setError(errorMessage(e));
      }
      if (!stopped) timer = window.setTimeout(() => void tick(), ms);
    };
    void tick();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
    // The caller says what the read depends on.
  }, deps);
  return { value, error };
}
