// The window in a real browser against the real `tagsim serve --ui`: what a lab instructor sees.
import { describe, expect, it } from 'vitest';
import {
  forgetRefusedReconnects,
  hasFocus,
  namesInOrder,
  poll,
  row,
  scrollToRow,
  STATE_WAIT_MS,
  type TestBrowser,
  windowPerTest,
} from './support/tagsim-ui.js';

const ui = windowPerTest({ firstRow: 'Counter' });

/** The label of a failure option: the radio itself is visually hidden inside it. */
const failureOption = (page: TestBrowser['page'], name: string) =>
  page.locator('.failure-set label', { hasText: name });

describe('the window of tagsim serve --ui', () => {
  it('shows every tag of the scene, and takes the token out of the address bar', async () => {
    const { page } = ui.b;
    expect(page.url()).toBe(ui.tagsim.uiUrl.replace(/\?token=.*$/, ''));
    expect(await page.locator('.count').textContent()).toBe('40 tags');
    const names = await namesInOrder(page);
    expect(names).toHaveLength(40);
    expect([...names].sort()).toEqual((await ui.client.tags()).map((t) => t.name).sort());
    const counter = await scrollToRow(page, 'Counter');
    expect(await counter.locator('.cell.kind').textContent()).toBe('Output');
    expect(await counter.locator('.cell.type').textContent()).toBe('Int');
    expect(await counter.locator('.cell.value').textContent()).toBe('0');
    expect(await counter.locator('.cell.raw').textContent()).toBe('0');
    expect(await page.getByRole('grid', { name: 'Tags' }).getAttribute('aria-rowcount')).toBe('42');
  });

  it('shows the server address and state, without a Stop button (it would cut the UI off)', async () => {
    const status = ui.b.page.locator('.statusbar');
    expect(await status.locator('.status-label').textContent()).toBe('Listening');
    expect(await status.locator('.server-text').textContent()).toBe(ui.tagsim.apiUrl);
    expect(await status.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    // A client counts for 10 s; the window shows it with the next stats push (every second).
    await ui.client.tags();
    await poll(() => status.locator('.status-item').nth(1).textContent()).toMatch(/^1 client \(10 s\)$/);
  });

  it('sets Always On in the window, which the API reports as shortCircuit', async () => {
    const { page } = ui.b;
    const sensor = await ui.client.byName('High sensor');
    await (await scrollToRow(page, 'High sensor')).click();
    await failureOption(page, 'Always On').click();
    expect(await page.getByRole('radio', { name: 'Always On' }).isChecked()).toBe(true);
    await poll(async () => (await ui.client.tag(sensor.id)).shortCircuit).toBe(true);
    expect((await ui.client.tag(sensor.id)).value).toBe(true);
    await poll(() => row(page, 'High sensor').locator('.cell.failure').textContent()).toBe('Always On');
    expect(await row(page, 'High sensor').getAttribute('class')).toContain('is-failed');
    expect(await page.getByRole('button', { name: /Clear failures/ }).textContent()).toContain('1');

    await failureOption(page, 'Always Off').click();
    await poll(async () => (await ui.client.tag(sensor.id)).openCircuit).toBe(true);
    expect((await ui.client.tag(sensor.id)).shortCircuit).toBe(false);
    await failureOption(page, 'None').click();
    await poll(async () => (await ui.client.tag(sensor.id)).openCircuit).toBe(false);
    await poll(() => row(page, 'High sensor').getAttribute('class')).not.toContain('is-failed');
  });

  it('shows a value written over the API within a second', async () => {
    const { page } = ui.b;
    const counter = await ui.client.byName('Counter');
    const conveyor = await ui.client.byName('Conveyor entry');
    await ui.client.setValues([
      { id: counter.id, value: 1234 },
      { id: conveyor.id, value: true },
    ]);
    // How fast the window follows is measured by the benchmarks, not asserted here.
    await poll(() => row(page, 'Counter').locator('.cell.value').textContent()).toBe('1234');
    await poll(() => row(page, 'Conveyor entry').locator('.cell.value').textContent()).toBe('true');
  });

  it('forces and releases from the window, checking typed values before sending', async () => {
    const { page } = ui.b;
    const counter = await ui.client.byName('Counter');
    await ui.client.setValues([{ id: counter.id, value: 1234 }]);
    await (await scrollToRow(page, 'Counter')).click();
    await poll(() => row(page, 'Counter').locator('.cell.raw').textContent()).toBe('1234');
    await page.getByLabel('Force value').fill('ten');
    await page.getByRole('button', { name: 'Force', exact: true }).click();
    expect(await page.locator('#force-entry-error').textContent()).toBe(
      'Could not convert value to the tag data type: Int.',
    );
    expect(await page.getByLabel('Force value').getAttribute('aria-invalid')).toBe('true');
    expect((await ui.client.tag(counter.id)).isForced).toBe(false);

    // What the API accepts, the window accepts, and it shows what was sent.
    await page.getByLabel('Force value').fill('1.5');
    await page.getByRole('button', { name: 'Force', exact: true }).click();
    await poll(async () => (await ui.client.tag(counter.id)).forcedValue).toBe(2);
    expect(await page.locator('#force-entry-note').textContent()).toBe(
      '1.5 is sent as 2: an Int is a whole number (rounded half to even, as the API does).',
    );

    await page.getByLabel('Force value').fill('42');
    await page.getByRole('button', { name: 'Force', exact: true }).click();
    await poll(async () => (await ui.client.tag(counter.id)).forcedValue).toBe(42);
    expect(await ui.client.tag(counter.id)).toMatchObject({ value: 42, isForced: true });
    const counterRow = row(page, 'Counter');
    await poll(() => counterRow.locator('.cell.forced').textContent()).toBe('42');
    expect(await counterRow.getAttribute('class')).toContain('is-forced');
    expect(await counterRow.locator('.cell.value').textContent()).toBe('42F (forced)');
    expect(await counterRow.locator('.cell.raw').textContent()).toBe('1234');

    await page.getByRole('button', { name: 'Release', exact: true }).click();
    await poll(async () => (await ui.client.tag(counter.id)).isForced).toBe(false);
    expect((await ui.client.tag(counter.id)).value).toBe(1234);
    await poll(() => counterRow.getAttribute('class')).not.toContain('is-forced');

    // A Bit is forced with buttons.
    const pallet = await ui.client.byName('Pallet sensor');
    await (await scrollToRow(page, 'Pallet sensor')).click();
    await page.getByRole('button', { name: 'Force true' }).click();
    await poll(async () => (await ui.client.tag(pallet.id)).value).toBe(true);
    await page.getByRole('button', { name: 'Release', exact: true }).click();
    await poll(async () => (await ui.client.tag(pallet.id)).isForced).toBe(false);
  });

  it('says a sensor is driven by the plant, with Force right there', async () => {
    const { page } = ui.b;
    const pallet = await ui.client.byName('Pallet sensor');
    await (await scrollToRow(page, 'Pallet sensor')).click();
    const note = page.getByRole('note').filter({ hasText: 'Driven by the plant' });
    await note.waitFor();
    // Its button takes the keyboard to the Force controls.
    await note.getByRole('button', { name: 'Force…' }).click();
    await poll(() => hasFocus(page.getByRole('button', { name: 'Force false' }))).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await poll(async () => (await ui.client.tag(pallet.id)).isForced).toBe(true);
    expect((await ui.client.tag(pallet.id)).value).toBe(true);
    await page.getByRole('button', { name: 'Release', exact: true }).click();
    await poll(async () => (await ui.client.tag(pallet.id)).isForced).toBe(false);
    // An Output the plant does not write has no such note.
    await (await scrollToRow(page, 'Counter')).click();
    await poll(() => page.locator('.details-title h2').textContent()).toBe('Counter');
    expect(await note.count()).toBe(0);
  });

  it('sets a value from the window, which the API reads back', async () => {
    // Counter is an Output nothing in the plant drives (the simulation rewrites its sensors).
    const { page } = ui.b;
    const counter = await ui.client.byName('Counter');
    await (await scrollToRow(page, 'Counter')).click();
    await page.getByLabel('New value').fill('nope');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    expect(await page.locator('#value-entry-error').textContent()).toBe(
      'Could not convert value to the tag data type: Int.',
    );
    await page.getByLabel('New value').fill('77');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await poll(async () => (await ui.client.tag(counter.id)).value).toBe(77);
  });

  it('releases all forces and clears all failures, with their counts shown', async () => {
    const { page } = ui.b;
    const [load, loaded, low] = await Promise.all([
      ui.client.byName('Load'),
      ui.client.byName('Loaded'),
      ui.client.byName('Low sensor'),
    ]);
    await ui.client.force([
      { id: load.id, value: true },
      { id: loaded.id, value: true },
    ]);
    await ui.client.alwaysOn([{ id: low.id, value: true }]);
    const release = page.getByRole('button', { name: /Release forces/ });
    const clear = page.getByRole('button', { name: /Clear failures/ });
    await poll(() => release.textContent()).toBe('Release forces 2');
    await poll(() => clear.textContent()).toBe('Clear failures 1');
    await page.getByRole('button', { name: 'Faulted' }).click();
    expect((await page.locator('.tag-row .cell.name').allTextContents()).sort()).toEqual([
      'Load',
      'Loaded',
      'Low sensor',
    ]);
    await release.click();
    await poll(
      async () => (await ui.client.tag(load.id)).isForced || (await ui.client.tag(loaded.id)).isForced,
    ).toBe(false);
    await clear.click();
    await poll(async () => (await ui.client.tag(low.id)).shortCircuit).toBe(false);
    await poll(() => page.locator('.tag-row').count()).toBe(0);
    expect(await release.isDisabled()).toBe(true);
    expect(await clear.isDisabled()).toBe(true);
  });

  it('asks for the printed link when opened without a token', async () => {
    const page = await ui.b.context.newPage();
    try {
      await page.goto(ui.tagsim.uiUrl.replace(/\?token=.*$/, ''));
      await page.getByRole('heading', { name: 'TagSim needs its access link' }).waitFor();
      expect(await page.locator('.message-card').textContent()).toContain('tagsim serve --ui');
    } finally {
      await page.close();
    }
  });

  it('says so when TagSim goes away', async () => {
    await ui.tagsim.stop();
    await ui.b.page.getByText('Disconnected from TagSim.').waitFor({ timeout: STATE_WAIT_MS });
    expect(await ui.b.page.getByRole('button', { name: /Release forces/ }).isDisabled()).toBe(true);
    // The browser logs each refused reconnection: closed first, it logs none after the forgetting.
    await ui.b.close();
    forgetRefusedReconnects(ui.b);
  });
});
