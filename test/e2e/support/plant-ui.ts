// What the Plant view's end-to-end tests share: opening the view in the window, and reading where
// the first box is drawn.
import type { Page } from 'playwright-core';

/** Shows the Plant view and waits for its drawing. */
export async function openPlant(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Plant', exact: true }).click();
  await page.locator('.plant-view svg').first().waitFor();
}

/** Where the first box is drawn along x (drawing units), if one is drawn. */
export async function boxX(page: Page): Promise<number | undefined> {
  const transform = await page
    .locator('[data-item]')
    .first()
    .getAttribute('transform', { timeout: 200 })
    .catch(() => null);
  const match = /^translate\(([\d.]+) /.exec(transform ?? '');
  return match ? Number(match[1]) : undefined;
}
