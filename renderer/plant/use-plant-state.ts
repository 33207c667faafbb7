import { useEffect, useState } from 'preact/hooks';
import type { BridgeClient } from '../../shared/bridge/bridge-client.js';
import type { PlantSnapshot } from '../../shared/plant/plant-types.js';
import { useModel } from '../hooks/use-model.js';
import { bridgePlantFrames, PlantFeed } from '../state/plant-feed.js';
import { ALWAYS_CONNECTED, type ConnectionSource } from '../transport/connection.js';

/** The plant's state as the view draws it, and when it came (performance.now()). */
export interface PlantState {
  readonly snapshot: PlantSnapshot | undefined;
  readonly receivedAt: number;
}

/**
 * The live plant state while `active` (the Plant view shows): watches the plant from the host
 * when it becomes active or mounts, stops when it becomes inactive or unmounts, so the host sends
 * this window nothing while the view is closed. `link` (the WebSocket's connection) makes it ask
 * again after a reconnection; IPC never drops. Re-renders at most once per animation frame.
 */
export function usePlantState(
  client: BridgeClient,
  active: boolean,
  link: ConnectionSource = ALWAYS_CONNECTED,
): PlantState {
  const [feed] = useState(() => new PlantFeed(bridgePlantFrames(client), link));
  useEffect(() => (active ? feed.start() : undefined), [feed, active]);
  useModel(feed);
  return active
    ? { snapshot: feed.snapshot, receivedAt: feed.receivedAt }
    : { snapshot: undefined, receivedAt: 0 };
}
