import { useEffect, useState } from 'preact/hooks';
import type { Notifier } from '../state/observable.js';

/**
 * Re-renders the calling component when a model changes, at most once per animation frame:
 * tag events (up to ~30/s), stats and status changes all fold into the next frame.
 */
export function useModel(model: { readonly changes: Notifier }): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let frame: number | undefined;
    const stop = model.changes.subscribe(() => {
      if (frame !== undefined) return;
      frame = requestAnimationFrame(() => {
        frame = undefined;
        setVersion((v) => v + 1);
      });
    });
    return () => {
      stop();
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [model]);
  return version;
}
