// Starts the real `tagsim serve --ui` and drives its window in Debian's chromium (playwright-core,
// never a downloaded browser). Only 127.0.0.1 traffic; every wait is bounded.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const bin = `${root}dist/main/cli/main.js`;

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * How long a test waits for the state it needs (the window to show a change, the API to serve an
 * edit). Generous on purpose: a loaded CI machine is slow, and a wait ends as soon as the state is
 * there, so a passing run pays nothing for it. Tests wait for state, never for time.
 */
export const STATE_WAIT_MS = 10_000;

/** Polls until the value meets the expectation, for at most STATE_WAIT_MS. */
export function poll<T>(fn: () => T | Promise<T>, timeout = STATE_WAIT_MS) {
  return expect.poll(fn, { timeout, interval: 50 });
}

/** A running `tagsim serve --ui`: its API address, the printed UI address, and a way to stop it. */
export interface TagsimUi {
  apiUrl: string;
  uiUrl: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startTagsimUi(
  args: string[] = [],
  timeoutMs = 15_000,
  // Each start keeps its token in a file of its own unless told otherwise: tests share no state.
  tokenFile = join(mkdtempSync(join(tmpdir(), 'tagsim-token-')), 'ui-token'),
): Promise<TagsimUi> {
  const hasPort = args.includes('--port');
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, 'serve', '--ui', ...(hasPort ? [] : ['--port', '0']), ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TAGSIM_UI_TOKEN_FILE: tokenFile },
    },
  );
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const deadline = Date.now() + timeoutMs;
  let match: RegExpExecArray | null = null;
  while (Date.now() < deadline && child.exitCode === null) {
    match = /^UI: (http:\/\/127\.0\.0\.1:\d+\/ui\/\?token=\S+)$/m.exec(out);
    if (match) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const apiMatch = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
  if (!match || !apiMatch) {
    await stop();
    throw new Error(`tagsim serve --ui did not print its UI address:\n${out}`);
  }
  return { apiUrl: apiMatch[1]!, uiUrl: match[1]!, output: () => out, stop };
}

/** A browser with a fresh profile, and the console errors and page errors it saw. */
export interface TestBrowser {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  problems: string[];
  close(): Promise<void>;
}

export async function openBrowser(viewport = { width: 1280, height: 760 }): Promise<TestBrowser> {
  // A non-persistent context: Playwright gives the browser a fresh temporary profile.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    timeout: 20_000,
  });
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(STATE_WAIT_MS);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return {
    browser,
    context,
    page,
    problems,
    close: () => browser.close(),
  };
}

/** `tagsim serve --ui`, a browser showing its window, and an API client of the same server. */
export interface TagsimWindow {
  tagsim: TagsimUi;
  b: TestBrowser;
  client: ReturnType<typeof api>;
}

/** Starts `tagsim serve --ui` with `args` and opens its window, ready once `firstRow` shows. */
export async function openTagsimWindow(
  args: string[],
  firstRow: string,
  tokenFile?: string,
): Promise<TagsimWindow> {
  const tagsim = await startTagsimUi(args, undefined, tokenFile);
  const b = await openBrowser();
  await b.page.goto(tagsim.uiUrl);
  await row(b.page, firstRow).waitFor();
  return { tagsim, b, client: api(tagsim.apiUrl) };
}

/** Closes what openTagsimWindow opened, also when it failed half-way. */
export async function closeTagsimWindow(window: Partial<TagsimWindow>): Promise<void> {
  await window.b?.close();
  await window.tagsim?.stop();
}

/** The names in the rows of the table, top to bottom (rows are positioned, not in DOM order). */
export async function namesInOrder(page: Page): Promise<string[]> {
  const rows = page.locator('.tag-row');
  const entries: [number, string][] = [];
  for (let i = 0, n = await rows.count(); i < n; i++) {
    const r = rows.nth(i);
    entries.push([
      Number(await r.getAttribute('aria-rowindex')),
      (await r.locator('.cell.name').textContent()) ?? '',
    ]);
  }
  return entries.sort((a, b) => a[0] - b[0]).map(([, name]) => name);
}

/** True when the element has the keyboard focus. */
export async function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((e) => e.matches(':focus'));
}

/** The table row of the tag with exactly this name (and kind, when names repeat). */
export function row(page: Page, name: string, kind?: 'Input' | 'Output'): Locator {
  let rows = page
    .locator('.tag-row')
    .filter({ has: page.locator('.cell.name').getByText(name, { exact: true }) });
  if (kind) rows = rows.filter({ has: page.locator('.cell.kind').getByText(kind, { exact: true }) });
  return rows;
}

export interface ApiTag {
  name: string;
  id: string;
  address: number;
  type: string;
  kind: string;
  value: boolean | number;
  openCircuit: boolean;
  shortCircuit: boolean;
  isForced: boolean;
  forcedValue: boolean | number;
}

/** The API as a client sees it, over 127.0.0.1. */
export function api(baseUrl: string) {
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return {
    tags: (query = '') => call('GET', `/api/tags${query}`) as Promise<ApiTag[]>,
    tag: (id: string) => call('GET', `/api/tags/${id}`) as Promise<ApiTag>,
    async byName(name: string, kind?: string): Promise<ApiTag> {
      const all = (await call('GET', `/api/tags/by-name/${encodeURIComponent(name)}`)) as ApiTag[];
      const found = all.find((t) => kind === undefined || t.kind === kind);
      if (!found) throw new Error(`no tag named ${name}`);
      return found;
    },
    setValues: (items: { id: string; value: unknown }[]) => call('PUT', '/api/tag/values', items),
    force: (items: { id: string; value: unknown }[]) => call('PUT', '/api/tag/values-force', items),
  };
}
