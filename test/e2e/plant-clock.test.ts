// The Plant view follows the simulation clock of the real `tagsim serve --ui --clock virtual`:
// the drawing stands still while the virtual clock does, jumps when the control API advances it,
// and a reset puts the items back where the plant starts them.
import { describe, expect, it } from 'vitest';
import { boxX as plantBoxX, openPlant } from './support/plant-ui.js';
import { poll, windowPerTest } from './support/tagsim-ui.js';

const ui = windowPerTest({ args: ['--clock', 'virtual'], firstRow: 'Counter' });

const boxX = () => plantBoxX(ui.b.page);

async function control(path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${ui.tagsim.apiUrl}${path}`, {
    method: 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(5000),
  });
  expect(res.status).toBe(200);
  return res.json();
}

describe('the Plant view on the virtual clock', () => {
  it('stands still with the clock, jumps when it is advanced, and a reset puts the box back', async () => {
    await openPlant(ui.b.page);
    const conveyor = await ui.client.byName('Conveyor entry', 'Output');
    await ui.client.setValues([{ id: conveyor.id, value: true }]);
    await poll(boxX).toBeGreaterThan(0);
    const start = (await boxX())!;
    await new Promise((r) => setTimeout(r, 500));
    expect(await boxX()).toBe(start);

    // Four seconds of plant at 0.5 m/s: two metres, 200 drawing units.
    await control('/tagsim/v1/clock/advance', { ms: 4000 });
    await poll(boxX).toBeCloseTo(start + 200, -1);

    await control('/tagsim/v1/reset');
    await poll(boxX).toBeCloseTo(start, 0);
  });
});
