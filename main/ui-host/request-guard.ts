import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/**
 * Why the browser UI's requests are checked: the UI can force tags and inject failures, so a web
 * page the user happens to visit must not drive it. A DNS-rebinding page reaches us under its own
 * host name, so the Host must be an IP literal or `localhost`; a cross-site page has a foreign
 * Origin; and a page that guesses neither still lacks the per-start token.
 */
export function isAllowedHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  const host = hostHeader.startsWith('[')
    ? hostHeader.slice(1, hostHeader.indexOf(']'))
    : hostHeader.replace(/:\d+$/, '');
  return host.toLowerCase() === 'localhost' || isIP(host) !== 0;
}

/** The Origin of a WebSocket or fetch must be this very server (as the browser reached it). */
export function isSameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  return origin !== undefined && origin === `http://${req.headers.host ?? ''}`;
}
