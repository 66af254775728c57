import { expect, test } from '@playwright/test';
import { ingest, uniqueAgreement } from './support/agreements';
import { ingestLots } from './support/relay';
import { holdScripts } from './support/hydration';
import { authStatePath } from './support/servers';

const shell = '.app-shell';

test('the mobile flag is on at 700px, off at 701px, and follows a live resize', async ({
  page,
}) => {
  await page.setViewportSize({ width: 700, height: 800 });
  await page.goto('/agreements');
  await expect(page.locator(shell)).toHaveAttribute('data-layout', 'mobile');

  await page.setViewportSize({ width: 701, height: 800 });
  await expect(page.locator(shell)).toHaveAttribute('data-layout', 'desktop');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.locator(shell)).toHaveAttribute('data-layout', 'mobile');

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.locator(shell)).toHaveAttribute('data-layout', 'desktop');
});

test('a page first loaded at 701px is desktop; at 375px it is mobile', async ({ browser }) => {
  for (const [width, layout] of [
    [701, 'desktop'],
    [375, 'mobile'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto('/sign');
    await expect(page.locator(shell)).toHaveAttribute('data-layout', layout);
    // No horizontal scrolling at either width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  }
});

test.describe('a returning phone', () => {
  test.use({ storageState: authStatePath });

  test('gets its cards in the server HTML, before any script runs, and no table replaced later', async ({
    browser,
    request,
  }) => {
    await ingest(request, [uniqueAgreement()]);
    const context = await browser.newContext({
      storageState: authStatePath,
      viewport: { width: 375, height: 800 },
    });
    const page = await context.newPage();
    // The first visit: the browser learns it is a phone and remembers it in the layout cookie.
    await page.goto('/agreements');
    await expect(page.locator('.agreement-cards')).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === 'gavel-layout')?.value).toBe(
      'mobile',
    );

    const release = await holdScripts(page);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.locator('.agreement-cards')).toBeVisible();
    await expect(page.locator('.agreement-table')).toHaveCount(0);
    await expect(page.locator(shell)).toHaveAttribute('data-layout', 'mobile');
    release();

    // Widened past 700px, the page follows at once and the cookie with it.
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(page.locator('.agreement-table')).toBeVisible();
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'gavel-layout')?.value)
      .toBe('desktop');
    await context.close();
  });
});

test.describe('hostile text', () => {
  test.use({ storageState: authStatePath });

  test('an unbroken 300-character title and a 200-character buyer never widen a page, at 375px, 1024px or 1440px', async ({
    page,
    request,
  }) => {
    // Twelve page loads, the dashboard's each waiting for its earlier bids.
    test.setTimeout(120_000);
    const sale = `e2e-long-${crypto.randomUUID().slice(0, 8)}`;
    const title = 'W'.repeat(300);
    await ingest(request, [
      uniqueAgreement({ auctionId: sale, lotId: 'lot-1', lotTitle: title, buyer: 'B'.repeat(200) }),
    ]);
    expect(
      await ingestLots([
        {
          auctionId: sale,
          saleTitle: 'S'.repeat(200),
          lotId: 'lot-1',
          lotNumber: 1,
          lotTitle: title,
        },
      ]),
    ).toBe(200);
    // 1024px: the board is a table whose cells wrap, where only the title's own class lets it break.
    for (const width of [375, 1024, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      for (const [path, shown] of [
        [`/agreements?sale=${sale}`, '[data-agreement-id]'],
        [`/agreements?sale=${sale}&view=report`, '.sale-report__table'],
        [`/dash?sale=${sale}`, '[data-testid="board-lot"]'],
        ['/dash', '[data-testid="sale"]'],
      ] as const) {
        await page.goto(path);
        // The layout of this width first: a page rendered for another swaps tables and cards.
        await expect(page.locator(shell)).toHaveAttribute(
          'data-layout',
          width <= 700 ? 'mobile' : 'desktop',
        );
        await expect(page.locator(shown).first()).toBeVisible({ timeout: 15_000 });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
    }
  });
});
