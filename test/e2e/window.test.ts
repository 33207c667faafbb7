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
    expect(await page.getByRole('grid', { name: 'Tags' }).getAttribute('aria-rowcount')).toBe('41');
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

  it('filters with the API wildcard rules', async () => {
    const { page } = ui.b;
    const filter = page.getByLabel('Filter tags by name');
    const shown = async () => (await page.locator('.tag-row .cell.name').allTextContents()).sort();
    await filter.fill('conveyor*');
    expect(await shown()).toEqual(['Conveyor entry', 'Conveyor left', 'Conveyor right']);
    await filter.fill('*SENSOR');
    expect(await shown()).toEqual(['High sensor', 'Low sensor', 'Pallet sensor']);
    await filter.fill('?oad');
    expect(await shown()).toEqual(['Load']);
    await filter.fill('FACTORY I/O (R*');
    expect(await shown()).toHaveLength(4);
    await filter.fill('*entry');
    expect(await shown()).toEqual(['At left entry', 'At right entry', 'Conveyor entry']);
    expect(await page.locator('.count').textContent()).toBe('3 of 40 tags');
    await filter.fill('pallet SENSOR'); // no wildcard: names that contain it, in any letter case
    expect(await shown()).toEqual(['Pallet sensor']);
    await filter.fill('entry');
    expect(await shown()).toEqual(['At left entry', 'At right entry', 'Conveyor entry']);
    await filter.fill('conv');
    expect(await shown()).toEqual(['Conveyor entry', 'Conveyor left', 'Conveyor right']);
    await filter.fill('nothing like it');
    expect(await shown()).toEqual([]);
    expect(await page.locator('.grid-empty').textContent()).toBe(
      'No tags match. Names that contain “nothing like it”.',
    );
    await filter.fill('conv?');
    expect(await page.locator('.grid-empty').textContent()).toBe(
      'No tags match. Whole names matching conv?, as GET /api/tags?name= matches them.',
    );
    expect(await filter.getAttribute('placeholder')).toBe('Filter: a word, or conveyor*, ?oad');

    await filter.fill('*sensor');
    await page.getByRole('button', { name: 'Inputs' }).click();
    expect(await shown()).toHaveLength(3);
    await page.getByRole('button', { name: 'Outputs', exact: true }).click();
    await page.getByRole('button', { name: 'Inputs', exact: true }).click();
    expect(await shown()).toEqual([]);
    await page.getByRole('button', { name: 'Outputs', exact: true }).click();
    await filter.press('Escape'); // clears the filter
    expect(await filter.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Int', exact: true }).click();
    expect(await shown()).toEqual(['Counter']);
    await page.getByRole('button', { name: 'Int', exact: true }).click();
    expect(await page.locator('.count').textContent()).toBe('40 tags');
  });

  it('sorts by address as an I/O map, and by name both ways', async () => {
    const { page } = ui.b;
    const inOrder = () => namesInOrder(page);
    await page
      .getByRole('columnheader', { name: /Address/ })
      .getByRole('button')
      .click();
    const byAddress = await inOrder();
    // Input Bit 0 to 5: five unnamed beams, then High sensor.
    expect(byAddress.slice(0, 6)).toEqual(['-', '-', '-', '-', '-', 'High sensor']);
    expect(byAddress[byAddress.length - 1]).toBe('Counter'); // the only Output Int
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('name-desc');
    expect((await inOrder()).slice(0, 3)).toEqual(['Unload', 'Transf. right', 'Transf. left']);
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('name-asc');
    const byName = await inOrder();
    expect(byName.slice(0, 6)).toEqual(['-', '-', '-', '-', '-', 'At left entry']);
    expect(byName).toHaveLength(40);
  });

  it('keeps the selected tag in view when the order changes, also when the editor opens', async () => {
    const { page } = ui.b;
    const grid = page.getByRole('grid', { name: 'Tags' });
    /** Whether the row is wholly inside the table's scrolled view, below its header. */
    const inView = async (name: string) => {
      const [view, head, box] = await Promise.all([
        grid.boundingBox(),
        grid.locator('.grid-head').boundingBox(),
        row(page, name)
          .boundingBox({ timeout: 1000 })
          .catch(() => null),
      ]);
      return box !== null && box.y >= view!.y + head!.height && box.y + box.height <= view!.y + view!.height;
    };
    await (await scrollToRow(page, 'Counter')).click();
    expect(await inView('Counter')).toBe(true);
    // By address, the only Output Int is last of 40: below the view unless the table follows.
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('address-asc');
    await poll(() => inView('Counter')).toBe(true);
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('name-asc');
    await poll(() => inView('Counter')).toBe(true);
    // The editor shows the scene order, where Counter is near the end.
    await page.getByRole('button', { name: 'Edit scene' }).click();
    await poll(() => page.locator('.toolbar select').inputValue()).toBe('scene-asc');
    await poll(() => inView('Counter')).toBe(true);
    expect(await page.locator('.tag-row.selected .cell.name').textContent()).toBe('Counter');
  });

  it('is driven from the keyboard: filter focus, arrows, Space toggles a Bit', async () => {
    const { page } = ui.b;
    const filter = page.getByLabel('Filter tags by name');
    await page.locator('.statusbar').click();
    await page.keyboard.press('Control+f');
    expect(await hasFocus(filter)).toBe(true);
    await filter.fill('conveyor*');
    await filter.press('ArrowDown'); // into the table, first row selected
    const selectedName = () => page.locator('.tag-row.selected .cell.name').textContent();
    expect(await selectedName()).toBe('Conveyor entry');
    await page.keyboard.press('ArrowDown');
    expect(await selectedName()).toBe('Conveyor left');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown'); // stays on the last row
    expect(await selectedName()).toBe('Conveyor right');
    await page.keyboard.press('ArrowUp');
    expect(await selectedName()).toBe('Conveyor left');
    expect(await page.getByRole('grid').getAttribute('aria-activedescendant')).toBe(
      await page.locator('.tag-row.selected').getAttribute('id'),
    );

    const left = await ui.client.byName('Conveyor left');
    await page.keyboard.press(' ');
    await poll(async () => (await ui.client.tag(left.id)).value).toBe(true);
    await poll(() => page.locator('.tag-row.selected .cell.value').textContent()).toBe('true');
    await page.keyboard.press(' ');
    await poll(async () => (await ui.client.tag(left.id)).value).toBe(false);

    await page.keyboard.press('/');
    expect(await hasFocus(filter)).toBe(true);
    await filter.press('Escape');
    expect(await filter.inputValue()).toBe('');
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
