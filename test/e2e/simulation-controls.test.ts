// The simulation's controls in the window of the real `tagsim serve --ui`, in chromium, checked
// against what an API client reads over HTTP: Run, Pause, Reset, the time scale, and the status bar.
import { describe, expect, it } from 'vitest';
import { poll, scrollToRow, windowPerTest } from './support/tagsim-ui.js';

const ui = windowPerTest({ firstRow: 'Counter' });

const controls = () => ui.b.page.getByRole('group', { name: 'Simulation' });
const button = (name: 'Run' | 'Pause' | 'Reset') => controls().getByRole('button', { name, exact: true });
const statusText = () => ui.b.page.locator('.statusbar .sim-status').textContent();

/** `GET /api/tag/values`, as any client reads the values: the effective value of one tag. */
async function valueOf(name: string, kind: 'Input' | 'Output'): Promise<boolean | number | undefined> {
  const { id } = await ui.client.byName(name, kind);
  const res = await fetch(`${ui.tagsim.apiUrl}/api/tag/values`, { signal: AbortSignal.timeout(5000) });
  const values = (await res.json()) as { id: string; value: boolean | number }[];
  return values.find((v) => v.id === id)?.value;
}

/** A client writes a system Output, as a controller does (`PUT /api/tag/values`). */
async function write(name: string, value: boolean): Promise<void> {
  const { id } = await ui.client.byName(name, 'Output');
  expect(await ui.client.setValues([{ id, value }])).toEqual([]);
}

const TIME = String.raw`\d{2}:\d{2}:\d{2}\.\d`;

/** Lets the simulation run past its first second, then pauses it from the window. */
async function pauseAfterASecond(): Promise<void> {
  await poll(statusText).toMatch(new RegExp(`^Running 1x · ${TIME}$`));
  await poll(statusText).not.toMatch(/00:00:00\.\d$/);
  await button('Pause').click();
  await poll(statusText).toMatch(/^Paused 1x · /);
}

describe('the simulation controls of tagsim serve --ui', () => {
  it('shows the simulation running at 1x, with Run pressed and the time running', async () => {
    expect(await statusText()).toMatch(new RegExp(`^Running 1x · ${TIME}$`));
    expect(await button('Run').getAttribute('aria-pressed')).toBe('true');
    expect(await button('Run').isDisabled()).toBe(true);
    expect(await button('Pause').isEnabled()).toBe(true);
    expect(await button('Reset').getAttribute('title')).toContain('Forces and failures stay');
    const scale = controls().getByLabel('Time scale');
    expect(await scale.inputValue()).toBe('1');
    expect(await scale.locator('option').allTextContents()).toEqual([
      '0.25x',
      '0.5x',
      '1x',
      '2x',
      '4x',
      '8x',
    ]);
    const first = await statusText();
    await poll(statusText).not.toBe(first);
  });

  it('pauses from the window: the status bar says so, and a client reads FACTORY I/O (Paused)', async () => {
    await button('Pause').click();
    await poll(statusText).toMatch(new RegExp(`^Paused 1x · ${TIME}$`));
    const shown = await statusText();
    expect(await valueOf('FACTORY I/O (Paused)', 'Input')).toBe(true);
    expect(await valueOf('FACTORY I/O (Running)', 'Input')).toBe(false);
    expect(await button('Pause').getAttribute('aria-pressed')).toBe('true');
    expect(await button('Run').isEnabled()).toBe(true);
    // Paused, the simulation time stands still. The status bar tells when time has passed: the
    // requests just made show up in its client count, and its requests per second fall back to
    // 0 a second after them. A running clock would have moved on by then.
    const traffic = ui.b.page.locator('.statusbar .status-item');
    await poll(() => traffic.nth(1).textContent()).toMatch(/^1 client/);
    await poll(() => traffic.nth(0).textContent()).toBe('0 req/s');
    expect(await statusText()).toBe(shown);
  });

  it('runs again from the window', async () => {
    await pauseAfterASecond();
    const paused = await statusText();
    await button('Run').click();
    await poll(statusText).toMatch(/^Running 1x · /);
    expect(await valueOf('FACTORY I/O (Running)', 'Input')).toBe(true);
    expect(await valueOf('FACTORY I/O (Paused)', 'Input')).toBe(false);
    await poll(async () => (await statusText())?.slice(-10)).not.toBe(paused?.slice(-10));
  });

  it('sets the time scale, which a client reads in FACTORY I/O (Time Scale)', async () => {
    await controls().getByLabel('Time scale').selectOption('2');
    await poll(() => valueOf('FACTORY I/O (Time Scale)', 'Input')).toBe(2);
    await poll(statusText).toMatch(new RegExp(`^Running 2x · ${TIME}$`));
    expect(await controls().getByLabel('Time scale').inputValue()).toBe('2');
  });

  it('follows a client that pauses the simulation with FACTORY I/O (Pause)', async () => {
    await write('FACTORY I/O (Pause)', true);
    await poll(statusText).toMatch(/^Paused 1x · /);
    expect(await button('Pause').getAttribute('aria-pressed')).toBe('true');
    expect(await button('Run').isEnabled()).toBe(true);
    await write('FACTORY I/O (Pause)', false);
  });

  it('resets from the window: initial values come back, forces stay, the time goes back to 0', async () => {
    const { page } = ui.b;
    await pauseAfterASecond();
    await (await scrollToRow(page, 'Loaded')).click();
    await page
      .getByRole('group', { name: 'Sensor value' })
      .getByRole('button', { name: 'On (true)' })
      .click();
    await poll(() => valueOf('Loaded', 'Input')).toBe(true);
    await (await scrollToRow(page, 'High sensor')).click();
    await page.getByRole('button', { name: 'Force true' }).click();
    await poll(async () => (await ui.client.byName('High sensor')).isForced).toBe(true);
    expect(await statusText()).not.toMatch(/00:00:00\.0$/);

    await button('Reset').click();
    await poll(() => valueOf('Loaded', 'Input')).toBe(false);
    const sensor = await ui.client.byName('High sensor');
    expect([sensor.isForced, sensor.value]).toEqual([true, true]);
    // Paused stays paused; the plant starts over from time 0.
    await poll(statusText).toBe('Paused 1x · 00:00:00.0');
    await page.getByRole('button', { name: 'Release', exact: true }).click();
    await poll(async () => (await ui.client.byName('High sensor')).isForced).toBe(false);
  });

  it('shows a reset given by a client with FACTORY I/O (Reset): the time back at 0', async () => {
    await pauseAfterASecond();
    expect(await statusText()).not.toMatch(/00:00:00\.\d$/);
    await write('FACTORY I/O (Reset)', true);
    await poll(statusText).toBe('Paused 1x · 00:00:00.0');
    await write('FACTORY I/O (Reset)', false);
  });
});
