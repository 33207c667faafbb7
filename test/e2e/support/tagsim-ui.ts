// Starts the real `tagsim serve --ui` and drives its window in Debian's chromium (playwright-core,
// never a downloaded browser). Only 127.0.0.1 traffic; every wait is bounded.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterEach, beforeEach, expect } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const bin = `${root}dist/main/cli/main.js`;

export { CHROMIUM_ARGS, CHROMIUM_PATH };

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

/**
 * Forgets the browser's own console notes of refused WebSocket connections: while TagSim is down,
 * each reconnection attempt of the window logs one. For tests that stop TagSim on purpose.
 */
export function forgetRefusedReconnects(b: TestBrowser): void {
  const refused = /^console error: WebSocket connection to '\S+' failed: .*ERR_CONNECTION_REFUSED$/;
  const kept = b.problems.filter((problem) => !refused.test(problem));
  b.problems.splice(0, b.problems.length, ...kept);
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
  const opened: Partial<TagsimWindow> = {};
  try {
    opened.tagsim = await startTagsimUi(args, undefined, tokenFile);
    opened.b = await openBrowser();
    await opened.b.page.goto(opened.tagsim.uiUrl);
    await row(opened.b.page, firstRow).waitFor();
    return { tagsim: opened.tagsim, b: opened.b, client: api(opened.tagsim.apiUrl) };
  } catch (error) {
    await closeTagsimWindow(opened);
    throw error;
  }
}

/** Closes what openTagsimWindow opened, also when it failed half-way. */
export async function closeTagsimWindow(window: Partial<TagsimWindow>): Promise<void> {
  await window.b?.close();
  await window.tagsim?.stop();
}

export interface WindowPerTestOptions {
  /** The arguments of `tagsim serve --ui`; a function is asked anew before each test. */
  args?: string[] | (() => string[]);
  /** A row the window shows once it has loaded the scene. */
  firstRow: string;
  /** Where the UI token is kept; asked anew before each test. */
  tokenFile?: () => string;
  /** What the tests need beyond a fresh start, done before each. */
  prepare?: (window: TagsimWindow) => Promise<void>;
}

/**
 * Gives each test of the file a TagSim and a window of its own: a fresh `tagsim serve --ui` and
 * browser before the test, both closed after it. No test sees what another left behind, so they
 * pass in any order. A test fails when its window logged a console or page error. The returned
 * object is filled anew for each test.
 */
export function windowPerTest(options: WindowPerTestOptions): TagsimWindow {
  const current = {} as TagsimWindow;
  beforeEach(async () => {
    const args = typeof options.args === 'function' ? options.args() : (options.args ?? []);
    Object.assign(current, await openTagsimWindow(args, options.firstRow, options.tokenFile?.()));
    await options.prepare?.(current);
  }, 30_000);
  afterEach(async () => {
    const problems = [...(current.b?.problems ?? [])];
    await closeTagsimWindow(current);
    for (const key of Object.keys(current)) Reflect.deleteProperty(current, key);
    expect(problems, 'console or page errors in the window').toEqual([]);
  });
  return current;
}

/** The tag table, an ARIA grid that draws only the rows in view (and a few more). */
function tagGrid(page: Page): Locator {
  return page.getByRole('grid', { name: 'Tags' });
}

/** Where the table is scrolled and how much of it shows, in pixels; rowCount counts every tag. */
interface TableView {
  top: number;
  maxTop: number;
  bodyHeight: number;
  rowCount: number;
}

/**
 * Scrolls the table to `top` and waits until the rows in view are drawn (the table draws them a
 * frame after the scroll): the first and the last row in view are in the page.
 */
async function scrollTableTo(page: Page, top: number): Promise<TableView> {
  const grid = tagGrid(page);
  const view = await grid.evaluate((g, y) => {
    g.scrollTop = y;
    const head = g.querySelector('.grid-head')?.getBoundingClientRect().height ?? 0;
    const rowHeight = g.querySelector('.tag-row')?.getBoundingClientRect().height ?? 0;
    return {
      top: g.scrollTop,
      maxTop: g.scrollHeight - g.clientHeight,
      bodyHeight: g.clientHeight - head,
      rowHeight,
    };
  }, top);
  const rowCount = Number(await grid.getAttribute('aria-rowcount')) - 1;
  if (rowCount > 0 && view.rowHeight > 0) {
    const first = Math.min(rowCount - 1, Math.floor(view.top / view.rowHeight));
    const last = Math.min(rowCount - 1, Math.floor((view.top + view.bodyHeight - 1) / view.rowHeight));
    for (const index of new Set([first, last])) {
      await page.locator(`.tag-row[aria-rowindex="${index + 2}"]`).waitFor({ state: 'attached' });
    }
  }
  return { top: view.top, maxTop: view.maxTop, bodyHeight: view.bodyHeight, rowCount };
}

/**
 * Goes through the table from the top a view at a time, as a person scrolling it does, and calls
 * `visit` at each stop until it returns true. Returns whether it did.
 */
async function scrollThroughTable(page: Page, visit: () => Promise<boolean>): Promise<boolean> {
  let view = await scrollTableTo(page, 0);
  for (;;) {
    if (await visit()) return true;
    if (view.top >= view.maxTop || view.bodyHeight <= 0) return false;
    view = await scrollTableTo(page, view.top + view.bodyHeight);
  }
}

/**
 * Every name in the table, top to bottom. Only the rows in view are in the page, so the table is
 * scrolled through, and then back to where it was.
 */
export async function namesInOrder(page: Page): Promise<string[]> {
  const start = await tagGrid(page).evaluate((g) => g.scrollTop);
  const names = new Map<number, string>();
  await scrollThroughTable(page, async () => {
    const drawn = await page
      .locator('.tag-row')
      .evaluateAll((rows) =>
        rows.map((r): [number, string] => [
          Number(r.getAttribute('aria-rowindex')),
          r.querySelector('.cell.name')?.textContent ?? '',
        ]),
      );
    for (const [index, name] of drawn) names.set(index, name);
    return false;
  });
  const { rowCount } = await scrollTableTo(page, start);
  expect(names.size, 'rows seen while scrolling through the table').toBe(rowCount);
  return [...names].sort((a, b) => a[0] - b[0]).map(([, name]) => name);
}

/** True when the element has the keyboard focus. */
export async function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((e) => e.matches(':focus'));
}

/**
 * The table row of the tag with exactly this name (and kind, when names repeat), while it is
 * drawn: the table draws only the rows in view. scrollToRow brings a row into view first.
 */
export function row(page: Page, name: string, kind?: 'Input' | 'Output'): Locator {
  let rows = page
    .locator('.tag-row')
    .filter({ has: page.locator('.cell.name').getByText(name, { exact: true }) });
  if (kind) rows = rows.filter({ has: page.locator('.cell.kind').getByText(kind, { exact: true }) });
  return rows;
}

/**
 * Scrolls the table as a person would until the row of this tag is in view, and returns it (see
 * row). Waits up to STATE_WAIT_MS for a row that is about to appear, such as a renamed tag's.
 */
export async function scrollToRow(page: Page, name: string, kind?: 'Input' | 'Output'): Promise<Locator> {
  const target = row(page, name, kind);
  const drawn = async () => (await target.count()) > 0;
  await expect
    .poll(async () => (await drawn()) || scrollThroughTable(page, drawn), {
      timeout: STATE_WAIT_MS,
      interval: 50,
      message: `a row named '${name}'${kind ? ` (${kind})` : ''} in the table`,
    })
    .toBe(true);
  await target.first().scrollIntoViewIfNeeded();
  return target;
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
    alwaysOn: (items: { id: string; value: boolean }[]) => call('PUT', '/api/tag/values-alwayson', items),
  };
}
