import { expect, test, type Page } from '@playwright/test';
import { waitForLive } from './support/live-page';
import { publishAll, saleBid } from './support/relay';
import { authStatePath } from './support/servers';

test.use({ storageState: authStatePath });

// Issue 12: /dash keeps its layout while the live part loads, catches up and takes bids (CLS
// ≤ 0.02, Lighthouse's goal). Layout shift is what the browser reports, not a timing: the same
// page shifts by the same amount on a fast machine and a slow one.

declare global {
  interface Window {
    layoutShifts: { value: number; sources: string[] }[];
  }
}

/** Records every layout shift of the page from its first frame, with what moved. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        window.layoutShifts.push({
          value: entry.value,
          sources: entry.sources.map((source) =>
            source.node instanceof Element
              ? `${source.node.tagName}.${source.node.className}`
              : String(source.node?.nodeName),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const lotsOf = (auctionId: string) =>
  Array.from({ length: 6 }, (_, index) => ({
    auctionId,
    lotId: `lot-${index + 1}`,
    lotTitle: `Layout lot ${index + 1} with a title long enough to wrap on a narrow board`,
  }));

for (const { width, height } of [
  { width: 412, height: 823 },
  { width: 1440, height: 900 },
]) {
  test(`/dash does not shift as it loads and 30 bids reorder its lots, at ${width}px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await recordLayoutShifts(page);
    await page.goto('/dash');
    await waitForLive(page);

    // Round the lots: each bid makes another lot the most recently bid on, in two currencies.
    const lots = lotsOf(`e2e-layout-${crypto.randomUUID().slice(0, 8)}`);
    const bids = Array.from({ length: 30 }, (_, index) => ({
      ...saleBid(lots[index % lots.length]!, `Paddle ${700 + index}`, 200_000 + index * 5_000),
      currency: index % 2 === 0 ? 'EUR' : 'GBP',
    }));
    // Messages the page refuses arrive among them (another client on the channel, another spec on
    // the shared relay): the notice that counts them must not push the live content down.
    await publishAll([
      ...bids.slice(0, 15),
      { type: 'bid.placed', v: 1 },
      bids[0],
      ...bids.slice(15),
    ]);
    // The board, not the top of the feed: another spec may publish a burst on the shared relay
    // meanwhile, and the all-sales feed renders only the rows in view.
    await expect(page.locator('.lots')).toContainText('Paddle 729');
    await expect(page.getByTestId('dropped')).toBeVisible();

    const shifts = await page.evaluate(() => window.layoutShifts);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
  });
}
