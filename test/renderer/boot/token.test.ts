import { describe, expect, it } from 'vitest';
import { takeToken, TOKEN_STORAGE_KEY, type TokenEnvironment } from '../../../renderer/boot/token.js';

function env(href: string, stored?: string) {
  const data = new Map<string, string>(stored === undefined ? [] : [[TOKEN_STORAGE_KEY, stored]]);
  const replaced: string[] = [];
  const environment: TokenEnvironment = {
    href,
    storage: { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) },
    replaceUrl: (url) => void replaced.push(url),
  };
  return { environment, data, replaced };
}

describe('takeToken', () => {
  it('takes the token from the address, keeps it for the tab and removes it from the address bar', () => {
    const { environment, data, replaced } = env('http://127.0.0.1:7410/ui/?token=abc123&x=1#top');
    expect(takeToken(environment)).toBe('abc123');
    expect(data.get(TOKEN_STORAGE_KEY)).toBe('abc123');
    expect(replaced).toEqual(['/ui/?x=1#top']);
  });

  it('prefers a new token in the address over a stored one', () => {
    const { environment, data } = env('http://127.0.0.1:7410/ui/?token=new', 'old');
    expect(takeToken(environment)).toBe('new');
    expect(data.get(TOKEN_STORAGE_KEY)).toBe('new');
  });

  it('uses the stored token after a reload', () => {
    const { environment, replaced } = env('http://127.0.0.1:7410/ui/', 'abc');
    expect(takeToken(environment)).toBe('abc');
    expect(replaced).toEqual([]);
  });

  it('has none without either, and survives storage that throws', () => {
    expect(takeToken(env('http://127.0.0.1:7410/ui/').environment)).toBeUndefined();
    expect(takeToken(env('http://127.0.0.1:7410/ui/?token=').environment)).toBeUndefined();
    const throwing: TokenEnvironment = {
      href: 'http://127.0.0.1:7410/ui/?token=t',
      storage: {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
      },
      replaceUrl: () => undefined,
    };
    expect(takeToken(throwing)).toBe('t');
    expect(takeToken({ ...throwing, href: 'http://127.0.0.1:7410/ui/' })).toBeUndefined();
  });
});
