// What a new user sees first in the window of the real `tagsim serve --ui`, in chromium: the
// simulation says "Running", so the window says why nothing moves until a controller writes, and
// stops saying it once a client has written (until the next reset). The status travels from the
// core through the bridge's `simulation` event, as every simulation status does.
import { describe, expect, it } from 'vitest';
import { poll, windowPerTest } from './support/tagsim-ui.js';

const ui = windowPerTest({ firstRow: 'Counter' });

const waiting = () => ui.b.page.locator('.statusbar .sim-waiting');
const WAITING = 'No client has written yet: the plant waits for its controller';

describe('the first sight of tagsim serve --ui', () => {
  it('says the plant waits for its controller until a client writes, and again after a reset', async () => {
    const { page } = ui.b;
    await poll(() => waiting().textContent()).toBe(WAITING);
    // A client reads: still nothing written.
    await ui.client.tags();
    expect(await waiting().textContent()).toBe(WAITING);
    // A controller's first write: the plant has its controller, and the window stops saying so.
    const { id } = await ui.client.byName('Conveyor entry', 'Output');
    expect(await ui.client.setValues([{ id, value: true }])).toEqual([]);
    await poll(() => waiting().count()).toBe(0);
    // A reset starts over: the plant waits again.
    await page.getByRole('group', { name: 'Simulation' }).getByRole('button', { name: 'Reset' }).click();
    await poll(() => waiting().textContent()).toBe(WAITING);
  });
});
