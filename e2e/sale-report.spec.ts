import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { ingest, uniqueAgreement } from './support/agreements';
import { expectHydrated } from './support/hydration';
import { ingestLots, lotClosed, lotOpened, publishToRelay, saleBid } from './support/relay';
import { authStatePath } from './support/servers';

// The sale report's lot table and chart (contract §14) from a sale played through the relay and
// recorded: it fits a phone and a wide screen, in light and dark, passes axe, and prints without
// the app's header.
test.use({ storageState: authStatePath });

/** A sale of three lots: one sold above its high estimate, one passed, one not yet open. */
async function playedSale(page: Page) {
  const auctionId = `e2e-lots-${randomUUID().slice(0, 8)}`;
  const lots = [1, 2, 3].map((number) => ({
    auctionId,
    saleTitle: 'Vente du rapport',
    lotId: `lot-${number}`,
    lotNumber: number,
    lotTitle: `Lot du rapport ${number}`,
    lowEstimate: 100_000,
    highEstimate: 120_000,
  }));
  // Paddles of this sale alone, and bids a few increments apart: no rule raises a flag.
  const [first, second] = [`Paddle ${auctionId}-a`, `Paddle ${auctionId}-b`];
  expect(await ingestLots(lots)).toBe(200);
  const winner = saleBid(lots[0]!, second, 140_000);
  for (const message of [
    lotOpened(lots[0]!, null),
    saleBid(lots[0]!, first, 120_000),
    winner,
    lotClosed(lots[0]!, winner.bidId),
    lotOpened(lots[1]!, null),
    saleBid(lots[1]!, first, 60_000),
    lotClosed(lots[1]!, null),
  ])
    expect(await publishToRelay(message)).toBe(200);
  await ingest(page.request, [
    uniqueAgreement({ auctionId, lotId: 'lot-1', lotTitle: 'Lot du rapport 1', amount: 140_000 }),
  ]);
  // The recorder records within moments: the report shows what it has recorded.
  await expect
    .poll(async () => {
      const report = await (await page.request.get(`/api/sales/${auctionId}/report`)).json();
      return report.lots?.map((lot: { status: string }) => lot.status);
    })
    .toEqual(['sold', 'passed', 'upcoming']);
  return auctionId;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

for (const width of [375, 1440]) {
  test(`at ${width}px the lot table and chart fit, in light and dark, and axe finds nothing`, async ({
    page,
  }) => {
    // Two axe audits of the whole page.
    test.setTimeout(60_000);
    const auctionId = await playedSale(page);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/agreements?sale=${auctionId}&view=report`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Report: Vente du rapport' }),
    ).toBeVisible();
    const table = page.getByRole('table', { name: /in lot-number order$/ });
    await expectHydrated(table);
    const first = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Lot du rapport 1' }) });
    await expect(first.getByRole('cell')).toHaveText([
      '1',
      '€1,000.00 – €1,200.00',
      'Sold',
      '€1,400.00',
      '2',
      '2',
      'Pending',
      'None',
    ]);
    await expect(table.getByRole('rowheader')).toHaveText([
      'Lot du rapport 1',
      'Lot du rapport 2',
      'Lot du rapport 3',
    ]);
    await expect(page.getByRole('figure', { name: /^Each lot in lot-number order/ })).toBeVisible();
    await expect(page.locator('.sale-report__chart-hammer')).toHaveAttribute(
      'data-placement',
      'above',
    );
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
      .toBe('dark');
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
}

test('the lot table scrolls in its own box from the keyboard, and a lot opens its panel', async ({
  page,
}) => {
  const auctionId = await playedSale(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/agreements?sale=${auctionId}&view=report`);
  const box = page.getByRole('region', { name: 'Lot by lot' });
  await expectHydrated(box);
  await box.focus();
  await expect(box).toBeFocused();
  const before = await box.evaluate((element) => element.scrollLeft);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(before);
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Lot du rapport 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dash\\?sale=${auctionId}&lot=lot-1$`));
});

test('prints the report without the app header or its buttons, in French too', async ({
  page,
  context,
  baseURL,
}) => {
  const auctionId = await playedSale(page);
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'fr', url: baseURL! }]);
  await page.goto(`/agreements?sale=${auctionId}&view=report`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Rapport : Vente du rapport' }),
  ).toBeVisible();
  await expect(page.getByRole('figure', { name: /^Chaque lot par numéro/ })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.app-header')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimer' })).toBeHidden();
  await expect(page.getByRole('table', { name: /par numéro de lot$/ })).toBeVisible();
  await expect(page.locator('.sale-report__chart svg')).toBeVisible();
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.byteLength).toBeGreaterThan(1_000);
});
