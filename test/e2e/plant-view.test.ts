// The Plant view of the real `tagsim serve --ui` in chromium, live end to end: a controller
// drives the plant over the HTTP API and the drawn view shows the box moving and the sensor that
// sees it lit; pause freezes the drawing; axe-core finds nothing wrong with it, light or dark.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { boxX as plantBoxX, openPlant as openPlantIn } from './support/plant-ui.js';
import { poll, windowPerTest } from './support/tagsim-ui.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The default scene, Sorting by Height (Basic), eight times as fast: boxes come down its 6 m
// entry belt to the pallet sensor at its end.
const ui = windowPerTest({ args: ['--time-scale', '8'], firstRow: 'Counter' });

const openPlant = () => openPlantIn(ui.b.page);

const boxX = () => plantBoxX(ui.b.page);

describe('the Plant view of tagsim serve --ui', () => {
  it('shows a box moving down the belt a controller runs, and the sensor that sees it lit', async () => {
    await openPlant();
    const pallet = ui.b.page.locator('[role="button"][data-tag="Pallet sensor"]');
    expect(await pallet.getAttribute('class')).toContain('is-off');
    const conveyor = await ui.client.byName('Conveyor entry', 'Output');
    const sensor = await ui.client.byName('Pallet sensor', 'Input');

    // The controller: run the entry belt until the pallet sensor sees a box, then stop it there.
    const seen: number[] = [];
    const deadline = Date.now() + 20_000;
    let lit = false;
    while (!lit && Date.now() < deadline) {
      const now = await ui.client.tag(sensor.id);
      await ui.client.setValues([{ id: conveyor.id, value: now.value !== true }]);
      const x = await boxX();
      if (x !== undefined) seen.push(x);
      lit = (await pallet.getAttribute('class'))?.includes('is-on') ?? false;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(lit, 'the pallet sensor is drawn lit').toBe(true);
    expect((await ui.client.tag(sensor.id)).value).toBe(true);
    // The controller's answer to the lit sensor (the loop can see it lit after its last write ran
    // the belt on, when the box reaches the sensor between the two).
    await ui.client.setValues([{ id: conveyor.id, value: false }]);
    // The box was drawn at several places, further along each time.
    const distinct = [...new Set(seen)];
    expect(distinct.length).toBeGreaterThan(2);
    expect(distinct[distinct.length - 1]!).toBeGreaterThan(distinct[0]!);
    await poll(
      async () => (await ui.b.page.locator('[data-conveyor="entry"]').getAttribute('class')) ?? '',
    ).not.toContain('is-running');
  });

  it('freezes while the simulation is paused', async () => {
    await openPlant();
    const conveyor = await ui.client.byName('Conveyor entry', 'Output');
    await ui.client.setValues([{ id: conveyor.id, value: true }]);
    await poll(boxX).toBeGreaterThan(120);
    await ui.b.page
      .getByRole('group', { name: 'Simulation' })
      .getByRole('button', { name: 'Pause', exact: true })
      .click();
    await poll(async () => ui.b.page.locator('.statusbar .sim-status').textContent()).toMatch(/^Paused/);
    // An update the server sent just before the pause may still be on its way.
    await new Promise((r) => setTimeout(r, 300));
    const x = await boxX();
    await new Promise((r) => setTimeout(r, 600));
    expect(await boxX()).toBe(x);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no axe findings, ${colorScheme}`, async () => {
      await openPlant();
      await ui.b.page.emulateMedia({ colorScheme });
      await ui.b.page.evaluate(axeSource);
      const results = (await ui.b.page.evaluate("axe.run('.plant-view')")) as {
        violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
      };
      expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual(
        [],
      );
    });
  }
});
