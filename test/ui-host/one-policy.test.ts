// One Content-Security-Policy (main/ui-host/renderer-files.ts) for every surface that serves the
// renderer's pages: the browser UI at /ui/, the lab dashboard and the desktop window's app://
// scheme send it as a header, and the pages carry it as a <meta> element put in from the same
// constant; the pages' sources hold only a placeholder, never a second copy. Over real HTTP for
// the two servers; the app:// handler (Electron is not available) with the real built files.
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler } from '../../main/electron/app-protocol.js';
import type { Lab } from '../../main/lab/start-lab.js';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import {
  CONTENT_SECURITY_POLICY,
  PAGE_POLICY,
  POLICY_PLACEHOLDER,
  withPagePolicy,
} from '../../main/ui-host/renderer-files.js';
import { RENDERER_DIR, startTestLab } from '../lab/support.js';
import { rawRequest } from '../support/http-client.js';

const PAGE_SOURCES = ['renderer/index.html', 'renderer/lab/index.html'];
const root = fileURLToPath(new URL('../..', import.meta.url));
const policyElement = `<meta http-equiv="Content-Security-Policy" content="${PAGE_POLICY}" />`;

/** What a surface answered for a page: the policy header, and the page. */
interface Served {
  header: string | null | undefined;
  page: string;
}

function expectTheOnePolicy(served: Served): void {
  expect(served.header).toBe(CONTENT_SECURITY_POLICY);
  expect(served.page.split(policyElement)).toHaveLength(2);
  expect(served.page).not.toContain(POLICY_PLACEHOLDER);
}

describe('the one policy', () => {
  it('is the header less frame-ancestors in the pages, which a <meta> element cannot set', () => {
    expect(`${PAGE_POLICY}; frame-ancestors 'none'`).toBe(CONTENT_SECURITY_POLICY);
    expect(withPagePolicy(`<head>${POLICY_PLACEHOLDER}</head>`)).toBe(`<head>${policyElement}</head>`);
    expect(withPagePolicy('<title>no placeholder</title>')).toBe('<title>no placeholder</title>');
  });

  it.each(PAGE_SOURCES)('is written nowhere in %s, which holds only its placeholder', (file) => {
    const source = readFileSync(`${root}${file}`, 'utf8');
    expect(source.split(POLICY_PLACEHOLDER)).toHaveLength(2);
    expect(source).not.toMatch(/http-equiv|default-src/i);
  });
});

describe('every surface serves the one policy', () => {
  let tagsim: TagSim;
  let lab: Lab;
  beforeAll(async () => {
    tagsim = await startTagSim({ server: { port: 0 }, ui: { rendererDir: RENDERER_DIR } });
    lab = await startTestLab({ stations: [{}] });
  });
  afterAll(async () => {
    await Promise.all([tagsim.close(), lab.close()]);
  });

  const overHttp = async (base: string, path: string): Promise<Served> => {
    const answer = await rawRequest(base, 'GET', path);
    expect(answer.status).toBe(200);
    return { header: answer.headers['content-security-policy'] as string | undefined, page: answer.text };
  };

  it('the browser UI at /ui/', async () => {
    expectTheOnePolicy(await overHttp(tagsim.url!, '/ui/'));
    const refused = await rawRequest(tagsim.url!, 'GET', '/ui/missing.js');
    expect([refused.status, refused.headers['content-security-policy']]).toEqual([
      404,
      CONTENT_SECURITY_POLICY,
    ]);
  });

  it('the lab dashboard', async () => {
    expectTheOnePolicy(await overHttp(lab.dashboard!.url, '/'));
    const refused = await rawRequest(lab.dashboard!.url, 'GET', '/missing.js');
    expect([refused.status, refused.headers['content-security-policy']]).toEqual([
      404,
      CONTENT_SECURITY_POLICY,
    ]);
  });

  it("the desktop window's app:// scheme, both pages", async () => {
    const handler = createAppProtocolHandler({ rendererDir: RENDERER_DIR, readFile });
    for (const url of ['app://tagsim/index.html', 'app://tagsim/lab/index.html']) {
      const answer = await handler({ url, method: 'GET' });
      expect(answer.status).toBe(200);
      expectTheOnePolicy({
        header: answer.headers.get('content-security-policy'),
        page: await answer.text(),
      });
    }
  });
});
