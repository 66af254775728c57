import { expect, type Page } from '@playwright/test';
import { ingestLots, type TestLot } from './relay';

/** A sale id of this test's own: the simulator and other workers publish on the same channel. */
export const unique = (name: string) => `e2e-${name}-${crypto.randomUUID().slice(0, 8)}`;

/**
 * The dashboard is connected and has replayed the earlier bids (docs/product-contract.md §11):
 * what is published from now on arrives live, and flags raised from now on are announced.
 */
export async function waitForLive(page: Page) {
  // The state, not the text: the page may be in either language.
  await expect(page.locator('.connection-chip')).toHaveAttribute('data-state', 'live', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('earlier-bids')).toHaveAttribute('data-state', 'loaded');
  // The figures, board and feed appear once the catalogue is in too (docs/adr/0017).
  await expect(page.locator('.live-dashboard')).toHaveAttribute('aria-busy', 'false');
}

/**
 * Catalogues `lots` (one sale), opens that sale's focus, with its lot panel when `lot` is given,
 * and waits for the dashboard to be live.
 */
export async function openSale(page: Page, lots: TestLot[], { lot }: { lot?: string } = {}) {
  expect(await ingestLots(lots)).toBe(200);
  const sale = `/dash?sale=${encodeURIComponent(lots[0]!.auctionId)}`;
  await page.goto(lot === undefined ? sale : `${sale}&lot=${encodeURIComponent(lot)}`);
  await waitForLive(page);
}

/** The index of a board column by its heading, the way a clerk reads across the table. */
export async function columnOf(page: Page, heading: string) {
  const column = await page
    .locator('.board thead th')
    .evaluateAll((headings, name) => headings.findIndex((th) => th.textContent === name), heading);
  expect(column, `the board has a "${heading}" column`).toBeGreaterThanOrEqual(0);
  return column;
}

/** The cell of a lot's board row under `heading` (the board as a table, wider than 700px). */
export async function boardCell(page: Page, lotId: string, heading: string) {
  const column = await columnOf(page, heading);
  return page.locator(`[data-testid="board-lot"][data-lot-id="${lotId}"] > *`).nth(column);
}
