// The Traffic view of the real `tagsim serve --ui` in chromium (docs/ui.md, "Traffic"): a real
// write to the tag API shows up in the window, the path filter narrows the list, and a click
// opens what the client sent; the clock's Step moves what GET /tagsim/v1/status answers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { poll, windowPerTest } from './support/tagsim-ui.js';

const ui = windowPerTest({ args: ['--clock', 'virtual'], firstRow: 'Counter' });

const traffic = () => ui.b.page.getByRole('main', { name: 'Traffic' });
const requestButtons = () => traffic().getByRole('button', { name: /^Request \d+: / });

async function send(method: string, path: string, body?: unknown): Promise<number> {
  const res = await fetch(`${ui.tagsim.apiUrl}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
    signal: AbortSignal.timeout(5000),
  });
  await res.arrayBuffer();
  return res.status;
}

describe('the Traffic view of tagsim serve --ui', () => {
  it('shows a real API write live, filters it by path and opens its body and item errors', async () => {
    const { page } = ui.b;
    await page.keyboard.press('Control+Shift+L');
    await traffic().getByText('No requests yet').waitFor();
    expect(await page.getByRole('button', { name: 'Traffic' }).getAttribute('aria-pressed')).toBe('true');

    expect(await send('GET', '/api/tags')).toBe(200);
    expect(await send('PUT', '/api/tag/values/by-name', [{ name: 'No such tag', value: true }])).toBe(200);
    await poll(() => requestButtons().allTextContents()).toEqual([
      'PUT /api/tag/values/by-name',
      'GET /api/tags',
    ]);
    // A write with a per-item error is marked, not only listed.
    const write = traffic().locator('tbody tr', { hasText: 'PUT /api/tag/values/by-name' });
    expect(await write.getAttribute('class')).toContain('traffic-item-error');

    await traffic().getByLabel('Path').fill('/api/tag/values*');
    await poll(() => requestButtons().allTextContents()).toEqual(['PUT /api/tag/values/by-name']);

    await requestButtons().first().click();
    const details = page.getByRole('region', { name: 'Request details' });
    await poll(() => details.getByLabel('Body').textContent()).toContain('"name": "No such tag"');
    expect(await details.getByRole('list', { name: 'Item errors' }).textContent()).toContain(
      "'No such tag': 404",
    );

    // The clock beside it acts on the core the control API reads.
    await page.getByRole('region', { name: 'Clock' }).getByRole('button', { name: 'Step' }).click();
    await poll(async () => {
      const res = await fetch(`${ui.tagsim.apiUrl}/tagsim/v1/status`, { signal: AbortSignal.timeout(5000) });
      return ((await res.json()) as { simTimeMs: number }).simTimeMs;
    }).toBe(10);

    // The view passes the window's accessibility bar too (accessibility.test.ts).
    await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
    const results = (await page.evaluate('axe.run()')) as { violations: { id: string }[] };
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});

describe('the Traffic view drawn in chromium', () => {
  it('shows the Status filter’s whole placeholder, and lines every cell of a row up', async () => {
    const { page } = ui.b;
    expect(await send('GET', '/api/tags')).toBe(200);
    expect(await send('PUT', '/api/tag/values/by-name', [{ name: 'No such tag', value: true }])).toBe(200);
    await page.getByRole('button', { name: 'Traffic' }).click();
    await poll(() => requestButtons().count()).toBe(2);

    // The placeholder is whole: the same text typed fits the field, its clear button beside it.
    const status = traffic().getByLabel('Status');
    const placeholder = (await status.getAttribute('placeholder'))!;
    expect(placeholder).toBe('404 or 4xx');
    await status.fill(placeholder);
    expect(await status.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    await status.fill('');

    // Each row's cells share its top and bottom, so the row lines run straight across.
    const edges = await traffic()
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [...row.querySelectorAll('td')].map((td) => {
            const box = td.getBoundingClientRect();
            return `${box.top}-${box.bottom}`;
          }),
        ),
      );
    expect(edges).toHaveLength(2);
    for (const cells of edges) expect(new Set(cells).size, cells.join(' ')).toBe(1);
  });
});
