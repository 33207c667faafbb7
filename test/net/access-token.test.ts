// One token rule for every surface (main/net/access-token.ts): made one way, read from
// `Authorization: Bearer` as RFC 6750/7235 write it, compared in constant time. The rule is
// tested here once; then each surface that reads a Bearer header (the control API, the lab
// dashboard) is shown to take exactly the headers the rule takes, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerTokenOf,
  isKeptTokenWellFormed,
  newAccessToken,
  tokenMatches,
} from '../../main/net/access-token.js';
import type { Lab } from '../../main/lab/start-lab.js';
import { rawRequest } from '../support/http-client.js';
import { startTestLab } from '../lab/support.js';

describe('the token rule', () => {
  it('makes 24-character base64url tokens, a new one each time, that a token file may keep', () => {
    const made = Array.from({ length: 50 }, newAccessToken);
    for (const token of made) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(isKeptTokenWellFormed(token)).toBe(true);
    }
    expect(new Set(made).size).toBe(made.length);
    expect(isKeptTokenWellFormed('short')).toBe(false);
    expect(isKeptTokenWellFormed('has spaces in it, sixteen+')).toBe(false);
  });

  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['BEARER abc', 'abc'],
    ['Bearer    abc', 'abc'],
    ['Bearer a-b_c.d~e+f/g==', 'a-b_c.d~e+f/g=='],
  ])('reads %j as the token %j', (header, token) => {
    expect(bearerTokenOf(header)).toBe(token);
  });

  it.each([
    [undefined],
    [''],
    ['Bearer'],
    ['Bearer '],
    ['Bearerabc'],
    ['Bearer\tabc'],
    ['Basic abc'],
    ['Bearer abc def'],
    ['Bearer a=b'],
    ['Bearer ab"c'],
    [`Bearer ${'a'.repeat(1025)}`],
  ])('finds no token in %j', (header) => {
    expect(bearerTokenOf(header)).toBeUndefined();
  });

  it('matches only the very token', () => {
    expect(tokenMatches('secret-token', 'secret-token')).toBe(true);
    for (const given of ['secret-tokeN', 'secret-token ', 'secret', '', null, undefined])
      expect(tokenMatches('secret-token', given)).toBe(false);
  });
});

/** Headers as clients send them, right and wrong; every surface must decide as the rule does. */
const headerVariants = (token: string): (string | undefined)[] => [
  `Bearer ${token}`,
  `bearer ${token}`,
  `BEARER   ${token}`,
  `Bearer ${token}x`,
  `Bearer ${token.slice(1)}`,
  `Basic ${token}`,
  `Bearer${token}`,
  'Bearer',
  undefined,
];

describe('every surface that reads a Bearer token uses the rule', () => {
  let lab: Lab;
  beforeAll(async () => {
    lab = await startTestLab({ stations: [{}] });
  });
  afterAll(() => lab.close());

  const allowed = (header: string | undefined) => tokenMatches(lab.dashboard!.token, bearerTokenOf(header));

  it('the lab dashboard', async () => {
    for (const header of headerVariants(lab.dashboard!.token)) {
      const answer = await rawRequest(lab.dashboard!.url, 'GET', '/api/stations', {
        headers: header === undefined ? {} : { Authorization: header },
      });
      expect([header, answer.status]).toEqual([header, allowed(header) ? 200 : 401]);
    }
  });

  it("a station's control API", async () => {
    for (const header of headerVariants(lab.dashboard!.token)) {
      const answer = await rawRequest(lab.stations[0]!.tagsim.url!, 'GET', '/tagsim/v1/status', {
        headers: header === undefined ? {} : { Authorization: header },
      });
      expect([header, answer.status]).toEqual([header, allowed(header) ? 200 : 401]);
    }
  });
});
