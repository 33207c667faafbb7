import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The access tokens of every TagSim surface (the control API, the lab dashboard, the browser UI's
 * window), made, read and checked one way (docs/security.md).
 */

/** A new random token: 18 bytes (144 bits), base64url, so 24 characters. */
export function newAccessToken(): string {
  return randomBytes(18).toString('base64url');
}

/** What a kept token (the browser UI's token file) must look like to be used again. */
const KEPT_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

export function isKeptTokenWellFormed(text: string): boolean {
  return KEPT_TOKEN.test(text);
}

/**
 * `Authorization: Bearer <token>` as RFC 6750 (section 2.1) and RFC 7235 write it: the scheme in
 * any case, one or more spaces, then a token68 (letters, digits, `-._~+/`, then any `=`). Node
 * has already trimmed the spaces around the header's value. Longer than any token we make is
 * refused unread.
 */
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]{1,1024}=*)$/i;

/** The token an `Authorization` header carries, or undefined when it carries no Bearer token. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
}

/**
 * The challenge of a 401 for a missing or wrong token (RFC 6750 section 3), the same on every
 * surface that takes one (the control API, the lab dashboard).
 */
export const BEARER_CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="tagsim"' } as const;

/**
 * True when `given` is the expected token. Both are hashed first (SHA-256), so the comparison
 * takes the same time whatever the given token's length and however much of it is right.
 */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string') return false;
  return timingSafeEqual(digest(expected), digest(given));
}

const digest = (text: string) => createHash('sha256').update(text).digest();
