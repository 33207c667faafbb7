import type { IncomingMessage } from 'node:http';
import { BEARER_CHALLENGE, bearerTokenOf, tokenMatches } from '../net/access-token.js';
import { ApiError } from '../server/api-error.js';
import { isAllowedHost } from '../ui-host/request-guard.js';
import { printable } from '../../shared/problems/message-text.js';

/**
 * Who may use the control API (docs/security.md). It can reset the plant, load scene files and
 * make the tag API fail, so a web page the user happens to visit must not reach it:
 * - a request from a page of another site (a foreign `Origin`) is refused, always;
 * - with a token (the default on a non-loopback host), every request must carry
 *   `Authorization: Bearer <token>` (access-token.ts: the scheme in any case, one or more spaces);
 * - without one, the `Host` must be an IP address or `localhost`, which a DNS-rebinding page
 *   cannot send.
 */
export function controlAccess(token: string | undefined): (req: IncomingMessage) => ApiError | undefined {
  return (req) => {
    const { origin, host } = req.headers;
    if (origin !== undefined && origin !== `http://${host ?? ''}`)
      return new ApiError(
        403,
        `The control API does not take requests from web pages of other sites (Origin "${printable(origin)}").`,
      );
    if (token !== undefined) {
      const given = bearerTokenOf(req.headers.authorization);
      if (tokenMatches(token, given)) return undefined;
      return new ApiError(
        401,
        given === undefined
          ? 'The control API needs the token printed at start: send Authorization: Bearer <token>.'
          : 'The control API token is wrong: send the token printed at start (Authorization: Bearer <token>).',
        BEARER_CHALLENGE,
      );
    }
    if (!isAllowedHost(host))
      return new ApiError(
        403,
        `Without a token, the control API answers only requests addressed to an IP address or localhost (Host "${printable(host ?? '')}").`,
      );
    return undefined;
  };
}
