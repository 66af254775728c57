import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { boardCell, openSale, unique, waitForLive } from './support/live-page';
import { ingestLots, publishAll, publishToRelay, saleBid, type TestLot } from './support/relay';
import { authStatePath } from './support/servers';

test.use({ storageState: authStatePath });

// The sale desk of docs/product-contract.md §11: sale focus in the URL, a stable lot board, flags.
const mustang = '1967 Ford Mustang Shelby GT500';

function saleOf(auctionId: string, saleTitle: string, titles: string[]): TestLot[] {
  return titles.map((lotTitle, index) => ({
    auctionId,
    saleTitle,
    lotId: `lot-${index + 1}`,
    lotNumber: index + 1,
    lotTitle,
  }));
}

/** What the board says of each lot, but the clocks: lot, high bid, bids, leader, reserve. */
const boardFacts = (page: Page) =>
  page
    .locator('.board tbody [data-testid="board-lot"]')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [
          row.getAttribute('data-lot-id'),
          ...[4, 5, 6, 7].map((n) => row.children[n - 1]!.textContent),
        ].join(' | '),
      ),
    );

const boardOrder = (page: Page) =>
  page.getByTestId('board-lot').evaluateAll((rows) => rows.map((row) => row.dataset.lotId));

test('?sale= shows one sale only: two lots with the same title never merge', async ({ page }) => {
  const a = unique('cars-a');
  const b = unique('cars-b');
  const saleA = saleOf(a, `Cars A ${a}`, [mustang, 'Jaguar E-Type']);
  const saleB = saleOf(b, `Cars B ${b}`, [mustang]);
  expect(await ingestLots([...saleA, ...saleB])).toBe(200);

  await page.goto(`/dash?sale=${a}`);
  await waitForLive(page);
  await expect(page.getByTestId('focused-sale')).toHaveText(`Cars A ${a}`);
  await expect(page.getByTestId('board-lot')).toHaveCount(2);
  // Its hammer total is named in the catalogue's currency before any lot is sold.
  const hammer = page.locator('.kpi').filter({ hasText: 'Hammer total, sold lots, in EUR' });
  await expect(hammer).toContainText('No lot sold yet');
  await publishAll([
    saleBid(saleA[0]!, 'Paddle 1', 100_000),
    saleBid(saleB[0]!, 'Paddle 9', 500_000),
    saleBid(saleA[0]!, 'Paddle 2', 110_000),
    saleBid(saleB[0]!, 'Paddle 8', 550_000),
  ]);
  const lotOne = page.locator('[data-testid="board-lot"][data-lot-id="lot-1"]');
  await expect(lotOne).toContainText('€1,100.00');
  await expect(lotOne).toContainText('Paddle 2');
  await expect(lotOne).not.toContainText('Paddle 8');
  // Every bid in the feed is sale A's, each naming its lot number and sale.
  const feed = page.getByTestId('bid');
  await expect(feed).toHaveCount(2);
  await expect(page.locator(`[data-testid="bid"]:not([data-auction-id="${a}"])`)).toHaveCount(0);
  await expect(feed.first()).toContainText(`Lot 1, ${mustang}, Cars A ${a}`);

  // The overview lists both sales as real links; the choice follows the URL, Back included.
  await page.getByRole('link', { name: 'All sales' }).click();
  await expect(page).toHaveURL(/\/dash$/);
  await page.getByRole('link', { name: `Cars B ${b}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?sale=${b}$`));
  await expect(page.getByTestId('focused-sale')).toHaveText(`Cars B ${b}`);
  await expect(page.getByTestId('board-lot')).toHaveCount(1);
  await expect(page.getByTestId('board-lot')).toContainText('€5,500.00');
  await page.goBack();
  await expect(page).toHaveURL(/\/dash$/);
  await page.goBack();
  await expect(page.getByTestId('focused-sale')).toHaveText(`Cars A ${a}`);
});

test('the lot board keeps the running order while 50 bids arrive', async ({ page }) => {
  const id = unique('order');
  const lots = saleOf(id, `Order ${id}`, ['One', 'Two', 'Three', 'Four', 'Five']);
  await openSale(page, lots);
  const order = ['lot-1', 'lot-2', 'lot-3', 'lot-4', 'lot-5'];
  await expect.poll(() => boardOrder(page)).toEqual(order);

  // Record every order the board shows while the bids arrive, in the page itself.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { boardOrders: string[] }).boardOrders = seen;
    const body = document.querySelector('.board tbody')!;
    new MutationObserver(() =>
      seen.push(
        [...body.querySelectorAll<HTMLElement>('[data-lot-id]')]
          .map((row) => row.dataset.lotId)
          .join(','),
      ),
    ).observe(body, { childList: true, subtree: true, characterData: true });
  });
  const amounts = new Map<string, number>();
  for (let n = 0; n < 50; n += 1) {
    // Later lots first, so that "most recently bid on" would reorder the board.
    const lot = lots[(7 * n + 4) % lots.length]!;
    const amount = (amounts.get(lot.lotId) ?? 100_000) + 10_000;
    amounts.set(lot.lotId, amount);
    expect(await publishToRelay(saleBid(lot, `Paddle ${n % 3}`, amount))).toBe(200);
  }
  await expect(page.getByTestId('sale-bids-last-minute')).toHaveText('50', { timeout: 15_000 });
  expect(await boardOrder(page)).toEqual(order);
  const orders = await page.evaluate(
    () => (window as unknown as { boardOrders: string[] }).boardOrders,
  );
  expect(orders.length).toBeGreaterThan(0);
  expect(new Set(orders)).toEqual(new Set([order.join(',')]));
});

test('the feed renders the bids in view only, and scrolling by keyboard reaches the oldest', async ({
  page,
}) => {
  const id = unique('feed');
  const lots = saleOf(id, `Feed ${id}`, ['One']);
  await openSale(page, lots);
  // 24: more than the rows in view and the overscan on both sides (8 + 2 x 8), and a short burst
  // for the other specs reading the all-sales feed on the same relay.
  const bids = Array.from({ length: 24 }, (_, n) => saleBid(lots[0]!, `Paddle ${n}`, 100_000 + n));
  await publishAll(bids);
  await expect(page.getByTestId('sale-bids-last-minute')).toHaveText('24', { timeout: 15_000 });
  const row = (bid: { bidId: string }) => page.locator(`[data-bid-id="${bid.bidId}"]`);
  const rendered = page.getByTestId('bid');
  // Newest first: the last published is on top, the first is not rendered at all.
  await expect(rendered.first()).toHaveAttribute('data-bid-id', bids[23]!.bidId);
  await expect(row(bids[0]!)).toHaveCount(0);
  expect(await rendered.count()).toBeLessThan(24);

  // The list scrolls by keyboard (End), as a list of 24 rows would: the oldest comes into view,
  // the newest leaves the page.
  const scroller = page.getByRole('region', { name: 'Bids, newest first' });
  await scroller.focus();
  await page.keyboard.press('End');
  await expect(row(bids[0]!)).toBeInViewport();
  await expect(row(bids[0]!)).toContainText('Paddle 0');
  await expect(row(bids[23]!)).toHaveCount(0);
  expect(await rendered.count()).toBeLessThan(24);
  // Home brings the newest back.
  await page.keyboard.press('Home');
  await expect(row(bids[23]!)).toBeInViewport();
});

test('a sale the catalogue lacks says so, until a bid for it brings its desk', async ({ page }) => {
  const id = unique('unknown');
  await page.goto(`/dash?sale=${id}`);
  await waitForLive(page);
  await expect(page.locator('[data-kind="no-sale"]')).toHaveText(
    `There is no sale “${id}” in the catalogue, and no bid for it has arrived. Its bids will show here if any come.`,
  );
  await expect(page.getByTestId('board-lot')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'All sales' })).toBeVisible();
  const [lot] = saleOf(id, `Unknown ${id}`, ['Bronze horse']);
  await publishAll([saleBid(lot!, 'Paddle 3', 120_000)]);
  await expect(page.locator('[data-testid="board-lot"][data-lot-id="lot-1"]')).toBeVisible();
  await expect(page.locator('[data-kind="no-sale"]')).toHaveCount(0);
});

test('lots catalogued after the desk opened join its board without a reload', async ({ page }) => {
  // The catalogue is read again every 30 s.
  test.setTimeout(90_000);
  const id = unique('later-lots');
  const lots = saleOf(id, `Later ${id}`, ['Ming vase', 'Bronze horse', 'Louis XV console']);
  await openSale(page, lots.slice(0, 1));
  await expect(page.getByTestId('board-lot')).toHaveCount(1);
  expect(await ingestLots(lots)).toBe(200);
  await expect(page.getByTestId('board-lot')).toHaveCount(3, { timeout: 45_000 });
  expect(await boardOrder(page)).toEqual(['lot-1', 'lot-2', 'lot-3']);
});

test('a jump raises one flag, marked on the board, explained, that can be cleared with a note by keyboard', async ({
  page,
}) => {
  const id = unique('flags');
  const lots = saleOf(id, `Flags ${id}`, ['Tiffany lamp']);
  await openSale(page, lots);
  // 1,000.00 then 9,000.00: far more than five increments of 100.00 above the high bid.
  await publishAll([
    saleBid(lots[0]!, 'Paddle 4', 100_000),
    saleBid(lots[0]!, 'Paddle 5', 900_000),
  ]);

  const flags = page.getByTestId('flag');
  await expect(flags).toHaveCount(1);
  await expect(flags).toHaveAttribute('data-rule', 'jump');
  await expect(flags).toContainText('Lot 1 · Tiffany lamp');
  await expect(flags).toContainText('Paddle 5');
  await expect(page.getByTestId('flag-count-jump')).toHaveText('1');
  await expect(page.getByTestId('flags-announcement')).toHaveText('New flag: jump on lot 1');
  await expect(page.getByTestId('flags-announcement')).toHaveAttribute('aria-live', 'polite');
  // Outside the dashboard's busy region: some screen readers hold back a live region's changes
  // while an ancestor is aria-busy.
  await expect(page.locator('[aria-busy] [data-testid="flags-announcement"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="board-lot"][data-flagged]')).toContainText('1 flag');

  await expect(flags).toContainText('A bid more than 5 increments above the lot');
  await expect(flags.getByRole('link', { name: 'Lot panel of Lot 1' })).toHaveAttribute(
    'href',
    `/dash?sale=${id}&lot=lot-1`,
  );

  // By keyboard: Clear, the note, the button; the flag leaves "to review" and the focus stays in
  // the panel (its heading, the list being empty), not lost.
  await flags.getByRole('button', { name: 'Clear: jump · Lot 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Note (required): what you checked')).toBeFocused();
  await page.keyboard.type('Paddle 5 confirmed by phone');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(flags).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Flags', exact: true })).toBeFocused();
  await page.getByTestId('flags-filter').selectOption('cleared');
  await expect(flags).toHaveCount(1);
  await expect(flags).toHaveAttribute('data-state', 'cleared');
  await expect(flags).toContainText('Cleared by Demo Staff');
  await expect(flags).toContainText('Paddle 5 confirmed by phone');
  // The record keeps it: a reload shows the same review.
  await page.reload();
  await waitForLive(page);
  await page.getByTestId('flags-filter').selectOption('all');
  await expect(flags).toHaveAttribute('data-state', 'cleared');
});

test('the focused sale at 375px: lots are cards, nothing overflows', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const id = unique('phone');
  const lots = saleOf(id, `Phone ${id}`, ['Ming vase', 'Bronze horse']);
  await openSale(page, lots);
  const card = page.locator('.lot-card[data-lot-id="lot-2"]');
  await expect(card).toContainText('Not open yet');
  const height = (await card.boundingBox())!.height;
  await publishAll([saleBid(lots[1]!, 'Online 7702', 120_000)]);
  await expect(card).toContainText('€1,200.00');
  await expect(page.getByRole('table')).toHaveCount(0);
  // Every value on one line and whole: a bid filling the card's figures, then its time moving
  // on ("now", "1 sec. ago"), never makes the card taller and moves the lots below it.
  await expect(card).toContainText('sec. ago');
  expect((await card.boundingBox())!.height).toBe(height);
  const values = await card.locator('dd').evaluateAll((cells) =>
    cells.map((cell) => ({
      lines: new Set([...cell.getClientRects()].map((rect) => rect.top)).size,
      whole: cell.scrollWidth <= cell.clientWidth,
    })),
  );
  expect(values.slice(0, -1)).toEqual(Array(7).fill({ lines: 1, whole: true }));
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // The feed and the flags stack, each as wide as the page, and a bid's amount shows whole.
  const feed = (await page.locator('.card.feed').boundingBox())!;
  const flags = (await page.locator('.card.flags').boundingBox())!;
  expect(flags.y).toBeGreaterThanOrEqual(feed.y + feed.height);
  expect(Math.abs(flags.width - feed.width)).toBeLessThanOrEqual(1);
  const amount = page.getByTestId('bid').first().locator('.feed__amount');
  await expect(amount).toContainText('€1,200.00');
  const shown = (await amount.boundingBox())!;
  expect(shown.x + shown.width).toBeLessThanOrEqual(feed.x + feed.width);
  const bidder = page.getByTestId('bid').first().locator('.feed__bidder');
  await expect(bidder).toContainText('Online 7702');
  expect(await bidder.evaluate((cell) => cell.scrollWidth - cell.clientWidth)).toBe(0);
  // A screen reader reads the card in the order it is seen: lot, paddle, amount, then the time.
  const order = await page
    .getByTestId('bid')
    .first()
    .evaluate((card) => [...card.children].map((cell) => cell.className || cell.localName));
  expect(order).toEqual(['feed__lot', 'feed__bidder', 'feed__amount', 'time']);
});

for (const width of [375, 640])
  test(`at ${width}px in French the board is cards whose every value shows whole, a lot an hour late too`, async ({
    page,
  }) => {
    await page.addInitScript(() => window.localStorage.setItem('gavel.locale', 'fr'));
    await page.setViewportSize({ width, height: 900 });
    const id = unique(`cards-fr-${width}`);
    const lots = saleOf(id, `Cartes ${id}`, ['Vase Ming', 'Cheval de bronze', 'Console Louis XV']);
    // Lot 1 is under way, so lot 2, due to close an hour ago, is to come and late.
    lots[1]!.scheduledCloseAt = new Date(Date.now() - 3_730_000).toISOString();
    await openSale(page, lots);
    await publishAll([saleBid(lots[0]!, 'Paddle 12', 1_234_567_800)]);
    const late = page.locator('.lot-card[data-lot-id="lot-2"]');
    await expect(late).toContainText('À venir');
    // 1:02:10 when set; minutes later on a loaded machine, still h:mm:ss.
    await expect(late).toContainText(/retard 1:0[2-9]:\d\d/);
    await expect(page.locator('.lot-card[data-lot-id="lot-1"]')).toContainText('12 345 678,00');
    await expect(page.getByRole('table')).toHaveCount(0);
    const cut = await page
      .locator('.lot-card dd')
      .evaluateAll((cells) =>
        cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
      );
    expect(cut).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

test('at 768px in French the board is a table that scrolls inside its card, one line a lot', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('gavel.locale', 'fr'));
  await page.setViewportSize({ width: 768, height: 900 });
  const id = unique('tablet-fr');
  const lots = saleOf(id, `Tablette ${id}`, [
    'Pierre-Auguste Renoir, Femme à l’ombrelle dans un jardin, huile sur toile, 1875',
    mustang,
  ]).map((lot) => ({ ...lot, lowEstimate: 7_500_000, highEstimate: 11_000_000 }));
  await openSale(page, lots);
  await publishAll([saleBid(lots[0]!, 'Online 7702', 7_250_000)]);
  await expect(page.locator('[data-testid="board-lot"][data-lot-id="lot-1"]')).toContainText(
    '72 500,00',
  );
  // The page never scrolls sideways (its table was 883px wide in a 718px card); the board does.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const scroller = page.locator('.board__scroll');
  expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  // One line a lot, before and after the clocks move on.
  const heights = () =>
    page
      .getByTestId('board-lot')
      .evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
  const before = await heights();
  expect(before[0]).toBe(before[1]);
  expect(before[0]).toBeLessThan(48);
  await expect(page.locator('[data-testid="board-lot"][data-lot-id="lot-1"]')).toContainText(
    /il\sy\sa\s[2-9]\ss/,
  );
  expect(await heights()).toEqual(before);
  // Its last column is reached by scrolling the board, by keyboard too (its links take focus).
  await page.locator('[data-testid="board-lot"][data-lot-id="lot-2"] a').focus();
  expect((await new AxeBuilder({ page }).include('.board').analyze()).violations).toEqual([]);
});

for (const locale of ['en', 'fr'])
  test(`at 1440px in ${locale} each lot of the board keeps one line and the feed shows whole paddles`, async ({
    page,
  }) => {
    await page.addInitScript(
      (chosen) => window.localStorage.setItem('gavel.locale', chosen),
      locale,
    );
    await page.setViewportSize({ width: 1440, height: 900 });
    const id = unique(`wide-${locale}`);
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const lots = saleOf(id, `Wide ${id}`, [
      'Pierre-Auguste Renoir, Femme à l’ombrelle dans un jardin, huile sur toile, 1875',
      mustang,
    ]).map((lot) => ({
      ...lot,
      lowEstimate: 7_500_000,
      highEstimate: 11_000_000,
      reserve: 9_000_000,
    }));
    lots[1]!.scheduledCloseAt = inAnHour;
    await openSale(page, lots);
    await publishAll([saleBid(lots[0]!, 'Online 7702', 3_250_000)]);
    const bidder = page.getByTestId('bid').first().locator('.feed__bidder');
    await expect(bidder).toContainText('Online 7702');
    expect(await bidder.evaluate((cell) => cell.scrollWidth - cell.clientWidth)).toBe(0);
    // One line each, a flagged lot too: a jump of more than 5 increments marks the first lot.
    await publishAll([saleBid(lots[0]!, 'Paddle 12', 4_500_000)]);
    await expect(page.locator('[data-testid="board-lot"][data-lot-id="lot-1"]')).toHaveAttribute(
      'data-flagged',
      'true',
    );
    const heights = await page
      .getByTestId('board-lot')
      .evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
    expect(heights).toHaveLength(2);
    expect(heights[0]).toBe(heights[1]);
    expect(heights[0]).toBeLessThan(48);
    // The long title is cut short, the flag's badge beside it stays in view.
    const flagged = page.locator('[data-testid="board-lot"][data-lot-id="lot-1"]');
    const badge = (await flagged.locator('.flag-badge').boundingBox())!;
    const cell = (await flagged.locator('th').boundingBox())!;
    expect(badge.x + badge.width).toBeLessThanOrEqual(cell.x + cell.width + 0.5);
    await expect(flagged.getByRole('link')).toHaveAttribute('title', lots[0]!.lotTitle);
    // The columns stand still while the clocks tick: "1 sec. ago" growing a digit does not widen
    // its column and move those between it and the title's (3 to 4 px each second in French).
    const edges = () =>
      page
        .locator('.board thead th')
        .evaluateAll((headings) => headings.map((th) => th.getBoundingClientRect().left));
    const before = await edges();
    await expect(flagged.locator('.board__clock').first()).toContainText(/\b1\d\b/, {
      timeout: 15_000,
    });
    expect(await edges()).toEqual(before);
  });

test('at 1024px, where the board wraps its cells, the clocks never wrap: no row grows as they tick', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  const id = unique('clocks');
  // Long titles, wide estimates and a close: the columns are as narrow as a real sale's.
  const lots = saleOf(id, `Clocks ${id}`, [
    `${mustang}, matching numbers, one owner since new`,
    'A pair of Meissen porcelain figures of harlequins, circa 1740',
  ]).map((lot) => ({
    ...lot,
    lowEstimate: 50_000_000,
    highEstimate: 74_000_000,
    reserve: 60_000_000,
    scheduledCloseAt: new Date(Date.now() + 45 * 60_000).toISOString(),
  }));
  await openSale(page, lots);
  await publishAll([saleBid(lots[0]!, 'Online 7702', 40_000_000)]);
  const row = page.locator('.board tbody [data-lot-id="lot-1"]');
  await expect(row).toContainText('€400,000.00');
  const lastBid = await boardCell(page, 'lot-1', 'Last bid');
  const closes = await boardCell(page, 'lot-1', 'Closes');
  // "now", then "1 sec. ago", "2 sec. ago"…: each on one line whatever its length.
  await expect(lastBid).toContainText(/\d+ sec/, { timeout: 5_000 });
  await expect(closes).toContainText(/^in \d/);
  const lineCount = (cell: Element) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  };
  expect([await lastBid.evaluate(lineCount), await closes.evaluate(lineCount)]).toEqual([1, 1]);
});

test('the sales list at 375px in French: the figures of a sale change, its item keeps its height', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('gavel.locale', 'fr'));
  await page.setViewportSize({ width: 375, height: 800 });
  const id = unique('list');
  const saleTitle = `Liste ${id}`;
  const lots = saleOf(id, saleTitle, ['Cheval de bronze']);
  expect(await ingestLots(lots)).toBe(200);
  await page.goto('/dash');
  await waitForLive(page);
  const item = page.getByTestId('sale').filter({ hasText: saleTitle });
  await expect(item).toContainText('0 lot vendu');
  await expect(item).toContainText('Aucun lot vendu');
  const before = (await item.boundingBox())!.height;

  const bid = saleBid(lots[0]!, 'Online 7702', 120_000);
  const closedAt = new Date().toISOString();
  await publishAll([
    bid,
    { type: 'lot.closed', v: 1, auctionId: id, lotId: 'lot-1', winningBidId: bid.bidId, closedAt },
  ]);
  await expect(item).toContainText('1 lot vendu');
  await expect(item).toContainText(/1\s200,00\s€/);
  expect((await item.boundingBox())!.height).toBe(before);
});

test('at 800px the feed takes the whole width: time, lot, whole paddle and amount in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 900 });
  const id = unique('tablet');
  const lots = saleOf(id, `Tablet ${id}`, ['Bronze horse']);
  await openSale(page, lots);
  await publishAll([saleBid(lots[0]!, 'Online 7702', 43_690_000)]);
  const row = page.getByTestId('bid').first();
  await expect(row.locator('.feed__amount')).toContainText('€436,900.00');
  const feed = (await page.locator('.card.feed').boundingBox())!;
  for (const part of ['.feed__bidder', '.feed__amount']) {
    const shown = (await row.locator(part).boundingBox())!;
    expect(shown.x + shown.width).toBeLessThanOrEqual(feed.x + feed.width);
  }
  expect(
    await row.locator('.feed__bidder').evaluate((cell) => cell.scrollWidth - cell.clientWidth),
  ).toBe(0);
  const scroller = page.locator('.feed__scroller');
  expect(await scroller.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
});

test('?lot= opens the lot panel: ladder newest first, increments, leader and underbidder', async ({
  page,
}) => {
  const id = unique('panel');
  const lots = saleOf(id, `Panel ${id}`, ['Ming vase', mustang]);
  await openSale(page, lots);
  await publishAll([
    saleBid(lots[1]!, 'Paddle 1', 100_000),
    saleBid(lots[1]!, 'Paddle 2', 110_000),
    saleBid(lots[1]!, 'Paddle 1', 120_000),
  ]);
  await expect(page.locator('[data-lot-id="lot-2"]')).toContainText('€1,200.00');
  await page.getByRole('link', { name: mustang }).click();
  await expect(page).toHaveURL(new RegExp(`\\?sale=${id}&lot=lot-2$`));
  const panel = page.getByTestId('lot-panel');
  await expect(panel.getByRole('heading', { name: `Lot 2 · ${mustang}` })).toBeVisible();
  await expect(panel.getByTestId('ladder-step')).toHaveCount(3);
  await expect(panel.getByTestId('ladder-step').first()).toContainText('Paddle 1');
  await expect(panel.getByTestId('ladder-step').first()).toContainText('+€100.00');
  await expect(panel.getByTestId('lot-leader')).toHaveText('Paddle 1, €1,200.00');
  await expect(panel.getByTestId('lot-underbidder')).toHaveText('Paddle 2, €1,100.00');
  // A reload keeps the panel: the URL holds it.
  await page.reload();
  await expect(page.getByTestId('lot-panel')).toBeVisible();
  await page.getByRole('link', { name: 'Close the panel' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?sale=${id}$`));
  await expect(page.getByTestId('lot-panel')).toHaveCount(0);
});

test('by keyboard: a lot row opens its panel with the focus in it; Escape closes it and the focus returns to the row', async ({
  page,
}) => {
  const id = unique('panel-keys');
  const lots = saleOf(id, `Keys ${id}`, ['Ming vase', mustang]);
  await openSale(page, lots);
  await publishAll([saleBid(lots[1]!, 'Paddle 1', 100_000)]);
  const rowLink = page.locator('.board [data-lot-id="lot-2"] a');
  await expect(page.locator('.board [data-lot-id="lot-2"]')).toContainText('€1,000.00');
  await rowLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?sale=${id}&lot=lot-2$`));
  const heading = page
    .getByTestId('lot-panel')
    .getByRole('heading', { name: `Lot 2 · ${mustang}` });
  await expect(heading).toBeFocused();
  // Into the panel and out again by Escape: the page is back on the sale, the focus on the row.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Close the panel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`\\?sale=${id}$`));
  await expect(page.getByTestId('lot-panel')).toHaveCount(0);
  await expect(rowLink).toBeFocused();
  // The close link does the same.
  await page.keyboard.press('Enter');
  await expect(heading).toBeFocused();
  await page.getByRole('link', { name: 'Close the panel' }).press('Enter');
  await expect(page.getByTestId('lot-panel')).toHaveCount(0);
  await expect(rowLink).toBeFocused();
});

test('the lot panel at 375px in French: each bid on two lines, amounts and times whole', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('gavel.locale', 'fr'));
  await page.setViewportSize({ width: 375, height: 800 });
  const id = unique('ladder-phone');
  const lots = saleOf(id, `Ladder ${id}`, [mustang]);
  await openSale(page, lots, { lot: 'lot-1' });
  await publishAll([
    saleBid(lots[0]!, 'Online 7702', 41_690_000),
    saleBid(lots[0]!, 'Paddle 305', 43_690_000),
  ]);
  const steps = page.getByTestId('ladder-step');
  await expect(steps).toHaveCount(2);
  await expect(steps.first()).toContainText(/436\s900,00/);
  // Before, the four cells shared the width and broke "436 900,00 €" and "10:09:36" in two.
  for (const step of await steps.all()) {
    const cells = await step.evaluate((li) =>
      [...li.children].map((cell) => ({
        text: cell.textContent,
        cut: cell.scrollWidth - cell.clientWidth,
        lines: Math.round(
          cell.getBoundingClientRect().height / parseFloat(getComputedStyle(cell).lineHeight),
        ),
      })),
    );
    for (const cell of cells) expect(cell, cell.text ?? '').toMatchObject({ cut: 0, lines: 1 });
    const [paddle, amount, increment, time] = await step
      .locator(':scope > *')
      .evaluateAll((shown) => shown.map((cell) => cell.getBoundingClientRect()));
    expect(amount!.top).toBe(paddle!.top);
    expect(time!.top).toBe(increment!.top);
    expect(increment!.top).toBeGreaterThanOrEqual(paddle!.bottom);
  }
});

for (const width of [375, 1440])
  test(`axe finds no violations on a focused sale with its lot panel and a flag at ${width}px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const id = unique('axe');
    const lots = saleOf(id, `Axe ${id}`, ['Ming vase']);
    await openSale(page, lots, { lot: 'lot-1' });
    await publishAll([
      saleBid(lots[0]!, 'Paddle 4', 100_000),
      saleBid(lots[0]!, 'Paddle 5', 900_000),
    ]);
    await expect(page.getByTestId('flag')).toHaveCount(1);
    await expect(page.getByTestId('ladder-step')).toHaveCount(2);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });

test('a reload mid-sale shows the same board, and says how many earlier bids it loaded', async ({
  page,
}) => {
  const id = unique('reload');
  const lots = saleOf(id, `Reload ${id}`, ['Ming vase', 'Bronze horse', 'Tiffany lamp', mustang]);
  await openSale(page, lots);
  const amounts = new Map<string, number>();
  const bids = [];
  for (let n = 0; n < 60; n += 1) {
    const lot = lots[n % 3]!;
    const amount = (amounts.get(lot.lotId) ?? 100_000) + 10_000;
    amounts.set(lot.lotId, amount);
    bids.push(saleBid(lot, `Paddle ${n % 4}`, amount));
  }
  await publishAll(bids);
  await expect(page.getByTestId('sale-bids-last-minute')).toHaveText('60', { timeout: 15_000 });
  const before = await boardFacts(page);
  expect(before.join('\n')).toContain('lot-1 | €3,000.00 | 20 | Paddle 1');

  await page.reload();
  await waitForLive(page);
  // The replay goes on in short tasks after the connection is live: wait for its count.
  await expect(page.getByTestId('earlier-bids')).toHaveText(/Loaded [\d,]+ earlier bids/, {
    timeout: 15_000,
  });
  const loaded = await page.getByTestId('earlier-bids').textContent();
  const count = /Loaded ([\d,]+) earlier bids/.exec(loaded ?? '')?.[1]?.replaceAll(',', '');
  expect(Number(count)).toBeGreaterThanOrEqual(60);
  await expect.poll(() => boardFacts(page)).toEqual(before);
  await expect(page.getByTestId('sale-bids-last-minute')).toHaveText('60');
});

test('a reload of a sale is rendered from the record and reads on from it; the all-sales view reads the earlier bids from the console in one request, and through PubNub when the console cannot', async ({
  page,
}) => {
  const id = unique('earlier');
  const lots = saleOf(id, `Earlier ${id}`, ['Ming vase', 'Bronze horse']);
  await openSale(page, lots);
  await publishAll(
    Array.from({ length: 30 }, (_, n) =>
      saleBid(lots[n % 2]!, `Paddle ${n % 3}`, 100_000 + Math.floor(n / 2) * 10_000),
    ),
  );
  await expect(page.getByTestId('sale-bids-last-minute')).toHaveText('30', { timeout: 15_000 });
  const before = await boardFacts(page);

  const asked = { console: 0, pubnub: 0, pubnubFromRecord: 0 };
  page.on('request', (request) => {
    if (request.url().includes('/api/realtime/earlier')) asked.console += 1;
    if (!request.url().includes('/v3/history/')) return;
    asked.pubnub += 1;
    if (new URL(request.url()).searchParams.has('end')) asked.pubnubFromRecord += 1;
  });
  await page.reload();
  await waitForLive(page);
  await expect.poll(() => boardFacts(page)).toEqual(before);
  await expect(page.getByTestId('sale-bids-last-minute')).toHaveText('30');
  // The page came with the record: nothing asked of the console for it, and through PubNub only
  // what was published since the record's reach (each read bounded by it; other tests publishing
  // meanwhile may make it more than a page).
  expect(asked.console).toBe(0);
  expect(asked.pubnub).toBeGreaterThanOrEqual(1);
  expect(asked.pubnubFromRecord).toBe(asked.pubnub);
  // Live from there on.
  await publishAll([saleBid(lots[0]!, 'Paddle 9', 1_000_000)]);
  await expect(page.getByTestId('sale-bids-last-minute')).toHaveText('31', { timeout: 10_000 });

  // The all-sales view has no sale to render from: one request to the console.
  asked.pubnub = 0;
  await page.goto('/dash');
  await waitForLive(page);
  await expect(page.getByTestId('earlier-bids')).toHaveText(/Loaded [\d,]+ earlier bids/, {
    timeout: 15_000,
  });
  expect(asked.console).toBe(1);

  await page.route('**/api/realtime/earlier', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable', message: 'down' } }),
    }),
  );
  asked.pubnub = 0;
  await page.reload();
  await waitForLive(page);
  await expect(page.getByTestId('earlier-bids')).toHaveText(/Loaded [\d,]+ earlier bids/, {
    timeout: 15_000,
  });
  expect(asked.pubnub).toBeGreaterThanOrEqual(1);
});

test('the lot panel lists every bid of a lot that got more bids than the store keeps', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const id = unique('ladder');
  const lots = saleOf(id, `Ladder ${id}`, ['Ming vase']);
  await openSale(page, lots);
  // The store keeps the newest 500 bids (bid-store.ts): 520 on one lot overflow it.
  const bids = Array.from({ length: 520 }, (_, n) =>
    saleBid(lots[0]!, `Paddle ${n % 3}`, 100_000 + n * 5_000),
  );
  await publishAll(bids);
  const row = page.locator('[data-testid="board-lot"][data-lot-id="lot-1"]');
  await expect(row.locator('td').nth(3)).toHaveText('520', { timeout: 20_000 });

  await row.getByRole('link', { name: 'Ming vase' }).click();
  const steps = page.getByTestId('lot-panel').getByTestId('ladder-step');
  await expect(steps).toHaveCount(520, { timeout: 15_000 });
  await expect(steps.first()).toContainText('€26,950.00');
  await expect(steps.last()).toContainText('€1,000.00');
});

test('a catalogue that cannot be read is said, with a retry that brings the sale', async ({
  page,
}) => {
  const id = unique('no-catalogue');
  const lots = saleOf(id, `Catalogue ${id}`, ['Vase Ming', 'Cheval de bronze']);
  expect(await ingestLots(lots)).toBe(200);
  let failing = true;
  await page.route('**/api/sales?include=lots', (route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal', message: 'down' } }),
        })
      : route.fallback(),
  );
  // The all-sales view: a sale's page comes with its record (rendered from it on the server), the
  // all-sales view reads the catalogue itself.
  await page.goto('/dash');
  const notice = page.getByTestId('catalogue-failed');
  await expect(notice).toContainText('The sales catalogue could not be loaded');

  // Pressed until it is gone: the desk's own reads (every 30 s, and on a bid for a lot it lacks)
  // may bring the catalogue first, and take the button away under the click.
  failing = false;
  const retry = notice.getByRole('button', { name: 'Load the catalogue again' });
  await expect(async () => {
    if (await retry.isVisible()) await retry.click({ timeout: 2_000 });
    await expect(notice).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const item = page.getByTestId('sale').filter({ hasText: `Catalogue ${id}` });
  await item.getByRole('link').click();
  await expect(page.getByTestId('focused-sale')).toHaveText(`Catalogue ${id}`);
});
