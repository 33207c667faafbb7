import { isLoopbackHost } from '../runtime/ui-file-access.js';
import { CONTROL_PREFIX } from '../server/control-surface.js';
import type { ControlApi } from './control-api.js';

/**
 * The start-up line of `tagsim serve` and `tagsim run` about the control API, on a host that is
 * not a loopback address: the token it needs there, or that it is open to the network. On a
 * loopback host there is nothing to say (docs/control-api.md).
 */
export function controlNotice(control: ControlApi | undefined, url: string | undefined, host: string) {
  if (!control || url === undefined || isLoopbackHost(host)) return undefined;
  const at = `Control API: ${url}${CONTROL_PREFIX}/`;
  return control.tokenRequired
    ? `${at} (send Authorization: Bearer ${control.token})`
    : `${at} takes requests without a token from anyone who can reach ${host} (--control-open)`;
}
