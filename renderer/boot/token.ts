/** Where the page keeps the access token for the rest of the browser tab's life. */
export const TOKEN_STORAGE_KEY = 'tagsim.uiToken';

export interface TokenEnvironment {
  /** The page address, e.g. `http://127.0.0.1:7410/ui/?token=abc#x`. */
  href: string;
  storage: { getItem(key: string): string | null; setItem(key: string, value: string): void } | undefined;
  /** Rewrites the address bar without navigating (history.replaceState). */
  replaceUrl(url: string): void;
}

/**
 * Finds the token of the browser UI: from `?token=` in the address (then kept in sessionStorage
 * and removed from the address bar, so it is not left in a screenshot, a bookmark or the
 * history), or from sessionStorage after a reload. `undefined` when there is none.
 */
export function takeToken(env: TokenEnvironment): string | undefined {
  const url = new URL(env.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl !== null && fromUrl !== '') {
    try {
      env.storage?.setItem(TOKEN_STORAGE_KEY, fromUrl);
    } catch {
      // Storage can be disabled; the token still works for this page.
    }
    url.searchParams.delete('token');
    env.replaceUrl(`${url.pathname}${url.search}${url.hash}`);
    return fromUrl;
  }
  try {
    const stored = env.storage?.getItem(TOKEN_STORAGE_KEY);
    return stored !== null && stored !== undefined && stored !== '' ? stored : undefined;
  } catch {
    return undefined;
  }
}
