// The window of `tagsim serve --ui --modbus` in a real browser: its status bar shows that Modbus
// TCP is on, where, and its connected clients, live.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ModbusTestClient } from '../support/raw-modbus.js';
import {
  closeTagsimWindow,
  openTagsimWindow,
  poll,
  type TagsimUi,
  type TestBrowser,
} from './support/tagsim-ui.js';

let tagsim: TagsimUi;
let b: TestBrowser;

beforeAll(async () => {
  ({ tagsim, b } = await openTagsimWindow(['--modbus', '0'], 'Counter'));
}, 30_000);

afterAll(async () => {
  await closeTagsimWindow({ tagsim, b });
});

describe('the status bar of tagsim serve --ui --modbus', () => {
  it('shows Modbus on, its port and its clients as they come and go', async () => {
    const modbus = b.page.locator('.statusbar .modbus-state');
    const text = async () => (await modbus.textContent()) ?? '';
    await poll(text).toMatch(/^Modbus TCP on 127\.0\.0\.1:\d+, 0 clients$/);
    const port = Number(/:(\d+),/.exec(await text())![1]);
    const plc = await ModbusTestClient.open(port);
    await poll(text).toBe(`Modbus TCP on 127.0.0.1:${port}, 1 client`);
    plc.close();
    await poll(text).toBe(`Modbus TCP on 127.0.0.1:${port}, 0 clients`);
  });
});
