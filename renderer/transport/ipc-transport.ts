import type { BridgeTransport } from '../../shared/bridge/bridge-client.js';

/**
 * The Electron transport: the preload exposes exactly a BridgeTransport as `window.tagsim`
 * (contextBridge), so this only finds and checks it.
 */
export function findIpcTransport(scope: { tagsim?: unknown }): BridgeTransport | undefined {
  const candidate = scope.tagsim as Partial<BridgeTransport> | undefined;
  if (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.invoke === 'function' &&
    typeof candidate.subscribe === 'function'
  ) {
    return candidate as BridgeTransport;
  }
  return undefined;
}
