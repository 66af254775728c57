import { expect, type Page } from '@playwright/test';

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
