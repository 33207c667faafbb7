// The quick faults of the window, in a real browser against the real `tagsim serve --ui`: pinned
// tags at hand, faulted in one click each, seen over the API a client uses.
import { describe, expect, it } from 'vitest';
import { poll, row, scrollToRow, windowPerTest } from './support/tagsim-ui.js';

const ui = windowPerTest({ firstRow: 'Counter' });

describe('the quick faults of tagsim serve --ui', () => {
  it('pins tags as quick faults', async () => {
    const { page } = ui.b;
    const pinnedOnly = page.locator('.toolbar').getByRole('button', { name: /Pinned/ });
    await (await scrollToRow(page, 'Loaded')).getByRole('button', { name: 'Pin' }).click();
    await poll(() => page.locator('.quick-faults .quick-name').allTextContents()).toEqual(['Loaded']);
    expect(await row(page, 'Loaded').getByRole('button', { name: 'Pin' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await pinnedOnly.click();
    expect(await page.locator('.tag-row .cell.name').allTextContents()).toEqual(['Loaded']);
    await page.locator('.quick-fault').click();
    const detailsPin = page.getByRole('button', { name: 'Pin as quick fault' });
    expect(await detailsPin.getAttribute('aria-pressed')).toBe('true');
    await detailsPin.click();
    await poll(() => page.locator('.quick-faults .quick-name').count()).toBe(0);
    expect(await page.locator('.tag-row').count()).toBe(0);
    await pinnedOnly.click();
    expect(await page.locator('.count').textContent()).toBe('40 tags');
  });

  it('applies quick faults in one click each, as the tray does', async () => {
    const { page } = ui.b;
    const sensor = await ui.client.byName('Pallet sensor');
    const counter = await ui.client.byName('Counter');
    for (const name of ['Pallet sensor', 'Counter'])
      await (await scrollToRow(page, name)).getByRole('button', { name: 'Pin' }).click();
    const quick = (name: string, kind: string) =>
      page.getByRole('group', { name: `Quick faults of ${name} (${kind})` });
    const pallet = quick('Pallet sensor', 'Input');

    await pallet.getByRole('button', { name: 'Always On' }).click();
    await poll(async () => (await ui.client.tag(sensor.id)).shortCircuit).toBe(true);
    await poll(() => pallet.getByRole('button', { name: 'Always On' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await pallet.getByRole('button', { name: 'Always Off' }).click();
    await poll(async () => (await ui.client.tag(sensor.id)).openCircuit).toBe(true);
    expect((await ui.client.tag(sensor.id)).shortCircuit).toBe(false);
    await pallet.getByRole('button', { name: 'None' }).click();
    await poll(async () => (await ui.client.tag(sensor.id)).openCircuit).toBe(false);

    await pallet.getByRole('button', { name: 'Force ON' }).click();
    await poll(async () => (await ui.client.tag(sensor.id)).isForced).toBe(true);
    expect((await ui.client.tag(sensor.id)).value).toBe(true);
    await pallet.getByRole('button', { name: 'Release (ON)' }).click();
    await poll(async () => (await ui.client.tag(sensor.id)).isForced).toBe(false);

    // An Int is held at the value it has now.
    const raw = (await ui.client.tag(counter.id)).value;
    await quick('Counter', 'Output').getByRole('button', { name: 'Hold' }).click();
    await poll(async () => (await ui.client.tag(counter.id)).isForced).toBe(true);
    expect((await ui.client.tag(counter.id)).forcedValue).toBe(raw);
    await quick('Counter', 'Output')
      .getByRole('button', { name: `Release (${raw})` })
      .click();
    await poll(async () => (await ui.client.tag(counter.id)).isForced).toBe(false);

    for (const name of ['Pallet sensor', 'Counter'])
      await (await scrollToRow(page, name)).getByRole('button', { name: 'Pin' }).click();
    await poll(() => page.locator('.quick-faults .quick-name').count()).toBe(0);
  });

  it('tells pinned tags of the same name apart by address, as the unnamed "-" beams', async () => {
    const { page } = ui.b;
    const beam = (address: number) =>
      row(page, '-', 'Input').filter({
        has: page.locator('.cell.address').getByText(String(address), { exact: true }),
      });
    for (const address of [1, 3]) {
      await scrollToRow(page, '-', 'Input');
      await beam(address).getByRole('button', { name: 'Pin' }).click();
    }
    await poll(() => page.locator('.quick-faults .quick-kind').allTextContents()).toEqual([
      'Input Bit 1',
      'Input Bit 3',
    ]);
    await page
      .getByRole('group', { name: 'Quick faults of - (Input Bit 3)' })
      .getByRole('button', { name: 'Always On' })
      .click();
    await poll(async () =>
      (await ui.client.tags('?name=-')).filter((t) => t.shortCircuit).map((t) => t.address),
    ).toEqual([3]);
  });
});
