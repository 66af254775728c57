import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { boardCell, unique, waitForLive } from './support/live-page';
import {
  ingestLots,
  lotClosed,
  lotOpened,
  publishToRelay,
  saleBid,
  type TestLot,
} from './support/relay';
import { authStatePath } from './support/servers';

test.use({ storageState: authStatePath });

// The sale record (docs/product-contract.md §13): a sale far longer than any browser window is
// shown exactly as it was published, in a fresh browser and after a reload, read from the record.

interface Expected {
  bids: number;
  highBid: number | null;
  leader: string | null;
  status: 'open' | 'sold' | 'passed';
  hammer: number | null;
}

/**
 * A sale of `lots` lots played through the relay: each lot opened, bid on by three paddles (the
 * first lot far more than the rest), then sold (reserve met) or passed (the last bid below its
 * reserve); the last lot stays open. Answers the messages and what each lot must read, computed
 * here from what is published, apart from the console's own reducer.
 */
function playSale(auctionId: string, lots: TestLot[], bidsPerLot: (index: number) => number) {
  const messages: unknown[] = [];
  const expected = new Map<string, Expected>();
  lots.forEach((lot, index) => {
    messages.push(lotOpened(lot, null));
    let high: { amount: number; bidder: string; bidId: string } | null = null;
    const count = bidsPerLot(index);
    for (let n = 0; n < count; n += 1) {
      const bidder = `Paddle ${(n % 3) + 1}`;
      const bid = saleBid(lot, bidder, 10_000 + 500 * n);
      messages.push(bid);
      high = { amount: bid.amount, bidder, bidId: bid.bidId };
    }
    const last = index === lots.length - 1;
    const sold = !last && index % 4 !== 1;
    if (!last) messages.push(lotClosed(lot, sold ? high!.bidId : null));
    expected.set(lot.lotId, {
      bids: count,
      highBid: high?.amount ?? null,
      leader: high?.bidder ?? null,
      status: last ? 'open' : sold ? 'sold' : 'passed',
      hammer: sold ? high!.amount : null,
    });
  });
  return { messages, expected, auctionId };
}

async function publishInOrder(messages: unknown[]) {
  // In order (the record's publish order is the test's): a few at a time would reorder them.
  for (const message of messages) {
    const status = await publishToRelay(message);
    if (status !== 200) throw new Error(`the relay answered ${status} to a publish`);
  }
}

const euros = (minor: number) =>
  `€${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

async function expectBoard(page: Page, expected: Map<string, Expected>) {
  for (const [lotId, lot] of expected) {
    const row = page.locator(`[data-testid="board-lot"][data-lot-id="${lotId}"]`);
    await expect(await boardCell(page, lotId, 'Bids')).toHaveText(String(lot.bids));
    await expect(await boardCell(page, lotId, 'High bid')).toHaveText(
      lot.highBid === null ? '—' : euros(lot.highBid),
    );
    await expect(await boardCell(page, lotId, 'Leader')).toHaveText(lot.leader ?? '—');
    const status = await boardCell(page, lotId, 'Status');
    if (lot.status === 'sold')
      await expect(status).toHaveText(`Sold ${euros(lot.hammer!)} · ${lot.leader}`);
    else if (lot.status === 'passed') await expect(status).toHaveText('Passed');
    else await expect(status).toHaveText('Open');
    await expect(row).toBeVisible();
  }
}

test('a sale of 6,000 messages reads as published, in a fresh browser and after a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const auctionId = unique('long-sale');
  const lots: TestLot[] = Array.from({ length: 12 }, (_, index) => ({
    auctionId,
    saleTitle: `Long sale ${auctionId}`,
    lotId: `lot-${String(index + 1).padStart(2, '0')}`,
    lotNumber: index + 1,
    lotTitle: `Piece ${index + 1}`,
    // Lots 2, 6, 10 end below it: passed.
    reserve: index % 4 === 1 ? 100_000_000 : null,
  }));
  expect(await ingestLots(lots)).toBe(200);
  // The first lot alone takes 3,000 bids: older than any window a browser keeps.
  const sale = playSale(auctionId, lots, (index) => (index === 0 ? 3_000 : 280));
  expect(sale.messages.length).toBeGreaterThanOrEqual(6_000);
  await publishInOrder(sale.messages);

  // The record has it all (the recorder runs in the console, live).
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/sales/${auctionId}`);
        const body = (await answer.json()) as { lots: { bids: number }[] };
        return body.lots.reduce((sum, lot) => sum + lot.bids, 0);
      },
      { timeout: 30_000 },
    )
    .toBe([...sale.expected.values()].reduce((sum, lot) => sum + lot.bids, 0));

  const context = await browser.newContext({ storageState: authStatePath });
  const page = await context.newPage();
  await page.goto(`/dash?sale=${encodeURIComponent(auctionId)}`);
  await waitForLive(page);
  await expectBoard(page, sale.expected);
  await page.reload();
  await waitForLive(page);
  await expectBoard(page, sale.expected);

  // The ladder of the long lot: every one of its 3,000 bids, newest first, from the record.
  const ladder: { amount: number }[] = [];
  let cursor: string | null = null;
  do {
    const answer = await request.get(
      `/api/sales/${auctionId}/lots/lot-01/bids${cursor ? `?cursor=${cursor}` : ''}`,
    );
    const page: { items: { amount: number }[]; nextCursor: string | null } = await answer.json();
    ladder.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  expect(ladder).toHaveLength(3_000);
  expect(ladder[0]!.amount).toBe(sale.expected.get('lot-01')!.highBid);
  await context.close();
});

test('Sold and Passed on the board, in French too, axe clean at 375px', async ({ page }) => {
  const auctionId = unique('sold-passed');
  // playSale passes lot 2 (index 1), below its reserve.
  const lots: TestLot[] = [1, 2].map((n) => ({
    auctionId,
    saleTitle: `Sold and passed ${auctionId}`,
    lotId: `lot-${n}`,
    lotNumber: n,
    lotTitle: `Piece ${n}`,
    reserve: n === 2 ? 100_000_000 : null,
  }));
  // playSale leaves its last lot open: a third lot for that.
  lots.push({ ...lots[0]!, lotId: 'lot-3', lotNumber: 3, lotTitle: 'Piece 3' });
  expect(await ingestLots(lots)).toBe(200);
  const sale = playSale(auctionId, lots, () => 3);
  await publishInOrder(sale.messages);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/dash?sale=${encodeURIComponent(auctionId)}`);
  await waitForLive(page);
  const sold = page.locator('[data-lot-id="lot-1"] [data-status="sold"]');
  await expect(sold).toHaveText(`Sold ${euros(11_000)} · Paddle 3`);
  await expect(page.locator('[data-lot-id="lot-2"] [data-status="passed"]')).toHaveText('Passed');
  expect((await new AxeBuilder({ page }).include('.board').analyze()).violations).toEqual([]);

  // In French: the stored choice and its cookie, as the language switcher leaves them.
  await page.evaluate(() => localStorage.setItem('gavel.locale', 'fr'));
  await page
    .context()
    .addCookies([{ name: 'NEXT_LOCALE', value: 'fr', url: new URL(page.url()).origin }]);
  await page.reload();
  await waitForLive(page);
  await expect(sold).toHaveText(/^Adjugé 110,00[\s\u202f]€ · Paddle 3$/);
  await expect(page.locator('[data-lot-id="lot-2"] [data-status="passed"]')).toHaveText('Invendu');
});

test('the open/closed filter is in the URL and survives a reload', async ({ page }) => {
  const auctionId = unique('filter');
  const lots: TestLot[] = [1, 2].map((n) => ({
    auctionId,
    saleTitle: `Filter ${auctionId}`,
    lotId: `lot-${n}`,
    lotNumber: n,
    lotTitle: `Piece ${n}`,
  }));
  expect(await ingestLots(lots)).toBe(200);
  await publishInOrder(playSale(auctionId, lots, () => 2).messages);
  await page.goto(`/dash?sale=${encodeURIComponent(auctionId)}`);
  await waitForLive(page);
  await page.getByRole('button', { name: 'Closed' }).click();
  await expect(page).toHaveURL(/[?&]show=closed/);
  await expect(page.getByTestId('board-lot')).toHaveCount(1);
  await page.reload();
  await waitForLive(page);
  await expect(page.getByRole('button', { name: 'Closed' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('board-lot')).toHaveCount(1);
  await expect(page.getByTestId('board-lot')).toHaveAttribute('data-lot-id', 'lot-1');
});
