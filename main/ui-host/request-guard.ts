import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/**
 * Why the browser UI's requests are checked: the UI can force tags and inject failures, so a web
 * page the user happens to visit must not drive it. A DNS-rebinding page reaches us under its own
 * host name, so the Host must be an IP literal or `localhost`; a cross-site page has a foreign
 * Origin; and a page that guesses neither still lacks the per-start token.
 */
export function isAllowedHost(hostHeader: string | undefined): boolean {
  const host = hostHeader === undefined ? undefined : hostName(hostHeader);
  if (host === undefined) return false;
  return host.toLowerCase() === 'localhost' || isIP(host) !== 0;
}

/**
 * The host of a Host header (RFC 9110: `host [":" port]`, an IPv6 address in brackets), or
 * undefined when the header is not one: a bracket left open (`[1.2.3.4x`) or anything after the
 * bracket but a port (`[::1]x`) names no host, so it must not pass for the address inside.
 */
function hostName(header: string): string | undefined {
  const match = /^(?:\[([^\]]*)\]|([^[\]:]*))(?::\d*)?$/.exec(header);
  if (!match) return undefined;
  const bracketed = match[1];
  // Only an IPv6 address goes in brackets; `[127.0.0.1]` is no host.
  if (bracketed !== undefined) return isIP(bracketed) === 6 ? bracketed : undefined;
  return match[2] || undefined;
}

/** The Origin of a WebSocket or fetch must be this very server (as the browser reached it). */
export function isSameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  return origin !== undefined && origin === `http://${req.headers.host ?? ''}`;
}
