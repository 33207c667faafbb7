// The Modbus client's Settings form in a real browser (`tagsim serve --ui --modbus-client`): a
// bad port is refused under its field and the client keeps scanning its controller; a good one
// moves the client to the other controller, and the status bar says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startController, type TestController } from '../support/modbus-controller.js';
import {
  closeTagsimWindow,
  openTagsimWindow,
  poll,
  type TagsimUi,
  type TestBrowser,
} from './support/tagsim-ui.js';

let tagsim: TagsimUi;
let b: TestBrowser;
let first: TestController;
let second: TestController;

beforeAll(async () => {
  [first, second] = [await startController(), await startController()];
  ({ tagsim, b } = await openTagsimWindow(['--modbus-client', `127.0.0.1:${first.port}`], 'Counter'));
}, 30_000);

afterAll(async () => {
  await closeTagsimWindow({ tagsim, b });
  await Promise.all([first.close(), second.close()]);
});

describe('the Modbus client settings form of tagsim serve --ui', () => {
  it('refuses a bad port with the reason, then moves the client to the port saved', async () => {
    const line = b.page.getByRole('status').filter({ hasText: /^Modbus client/ });
    await poll(() => line.textContent()).toBe(
      `Modbus client: connected to 127.0.0.1:${first.port} (unit 1, every 10 ms)`,
    );
    await b.page.getByRole('button', { name: 'Settings of the Modbus client' }).click();
    const form = b.page.getByRole('dialog', { name: 'Modbus client settings' });
    const port = form.getByLabel('Port', { exact: true });
    expect(await port.inputValue()).toBe(String(first.port));

    await port.fill('70000');
    await form.getByRole('button', { name: 'Save and reconnect' }).click();
    await poll(() => form.getByRole('alert').textContent()).toBe('70000 is above 65535.');
    const heard = first.heard.length;
    await first.until(() => first.heard.length >= heard + 3);

    await port.fill(String(second.port));
    await form.getByLabel('Slave ID (unit id)').fill('3');
    await form.getByRole('button', { name: 'Save and reconnect' }).click();
    await poll(() => form.isVisible()).toBe(false);
    await poll(() => line.textContent()).toBe(
      `Modbus client: connected to 127.0.0.1:${second.port} (unit 3, every 10 ms)`,
    );
    await second.until(() => second.heard.some((request) => request.unitId === 3));
    expect(b.problems).toEqual([]);
  });
});
