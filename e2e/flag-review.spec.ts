import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ingest, uniqueAgreement } from './support/agreements';
import { expectHydrated } from './support/hydration';
import { openSale, unique, waitForLive } from './support/live-page';
import { lotClosed, publishAll, saleBid, type TestLot } from './support/relay';
import { authStatePath, demoAccount } from './support/servers';

// Flags reviewed together and the gate (docs/product-contract.md §14), as staff use them: a
// self-raise on a lot that then sells, escalated by a clerk in one browser and seen in the
// other, the approval of its agreement refused with the reason, cleared by an admin with a note,
// then approved. The demo account is an admin; `clerk` a clerk.
test.use({ storageState: authStatePath });

/** A second browser, signed in as the clerk, on `path`. */
async function clerkOn(browser: Browser, baseURL: string, path: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await page.goto('/sign');
  await page.getByLabel('Login id').fill('clerk');
  await page.getByLabel('Password').fill(demoAccount.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dash/);
  await page.goto(path);
  await waitForLive(page);
  return page;
}

test('a self-raise escalated in one browser is seen in the other, holds its agreement back until cleared', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const id = unique('review');
  const lot: TestLot = {
    auctionId: id,
    saleTitle: `Review ${id}`,
    lotId: 'lot-1',
    lotNumber: 1,
    lotTitle: `Bronze horse ${id}`,
  };
  await openSale(page, [lot]);
  const clerk = await clerkOn(browser, baseURL!, `/dash?sale=${id}`);

  // Paddle 4 leads, then raises its own bid; the hammer falls on it.
  const first = saleBid(lot, 'Paddle 4', 100_000);
  const raise = saleBid(lot, 'Paddle 4', 110_000);
  await publishAll([first, raise, lotClosed(lot, raise.bidId)]);
  const [agreement] = await ingest(request, [
    uniqueAgreement({
      auctionId: id,
      lotId: lot.lotId,
      lotTitle: lot.lotTitle,
      amount: 110_000,
      buyer: 'Paddle 4',
    }),
  ]);

  const adminFlag = page.locator('[data-testid="flag"][data-rule="self-raise"]');
  const clerkFlag = clerk.locator('[data-testid="flag"][data-rule="self-raise"]');
  await expect(adminFlag).toHaveCount(1);
  await expect(clerkFlag).toHaveCount(1);
  await expect(clerkFlag).toContainText('The leading paddle raised its own high bid.');

  // The clerk escalates; a clerk cannot clear it afterwards.
  await clerkFlag.getByRole('button', { name: 'Escalate: self-raise · Lot 1' }).click();
  await clerk.getByLabel('Note (required): what you checked').fill('Same paddle twice, call them');
  await clerk.getByRole('button', { name: 'Escalate the flag' }).click();
  await expect(clerkFlag).toHaveAttribute('data-state', 'escalated');
  await expect(clerkFlag.getByRole('button')).toHaveCount(0);
  // The other console sees the review: no bid arrives meanwhile, only the staff channel brings it.
  await expect(adminFlag).toHaveAttribute('data-state', 'escalated', { timeout: 10_000 });
  await expect(adminFlag).toContainText('Escalated by Claire Clerk');
  await expect(adminFlag).toContainText('Same paddle twice, call them');

  // The approval is refused, with the reason and a way to the flags.
  await page.goto(`/agreements?q=${encodeURIComponent(lot.lotTitle)}`);
  const row = page.locator(`[data-agreement-id="${agreement!.id}"]`);
  await expectHydrated(row);
  await row.getByRole('button', { name: /^Approve:/ }).click();
  const dialog = page.getByRole('dialog', { name: /Approve this agreement/ });
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  const held = page.locator('.notice[data-kind="held"]');
  await expect(held).toContainText('a flag on its lot must be reviewed first');
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  // To the flags: the admin clears it with a note.
  await held.getByRole('link', { name: 'Review the flags on the sale desk' }).click();
  await waitForLive(page);
  await adminFlag.getByRole('button', { name: 'Clear: self-raise · Lot 1' }).click();
  await page.getByLabel('Note (required): what you checked').fill('Bidder confirmed by phone');
  await page.getByRole('button', { name: 'Clear the flag' }).click();
  await expect(adminFlag).toHaveCount(0);
  await expect(clerkFlag).toHaveCount(0, { timeout: 10_000 });

  // The approval now goes through.
  await page.goto(`/agreements?q=${encodeURIComponent(lot.lotTitle)}`);
  await expectHydrated(row);
  await row.getByRole('button', { name: /^Approve:/ }).click();
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();

  // The agreement's history tells the lot's story: the flag and both reviews, who and why.
  await row.getByRole('button', { name: /^History:/ }).click();
  const story = page.getByRole('dialog').getByTestId('lot-story');
  await expect(story).toContainText('Hammer€1,100.00');
  await expect(story).toContainText('Bids2');
  await expect(story).toContainText('Bidders1');
  const storyFlag = story.getByTestId('lot-story-flag');
  await expect(storyFlag).toHaveAttribute('data-state', 'cleared');
  await expect(storyFlag).toContainText('Escalated by Claire Clerk');
  await expect(storyFlag).toContainText('Same paddle twice, call them');
  await expect(storyFlag).toContainText('Cleared by Demo Staff');
  await expect(storyFlag).toContainText('Bidder confirmed by phone');
  await clerk.context().close();
});

for (const width of [375, 1440])
  test(`the flags panel in French at ${width} px: reviewable by keyboard, nothing overflows, axe clean`, async ({
    baseURL,
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'fr', url: baseURL! }]);
    const id = unique(`review-fr-${width}`);
    const lot: TestLot = {
      auctionId: id,
      saleTitle: `Revue ${id}`,
      lotId: 'lot-1',
      lotNumber: 1,
      lotTitle: `Vase ${id}`,
    };
    await openSale(page, [lot]);
    await publishAll([saleBid(lot, 'Paddle 7', 100_000), saleBid(lot, 'Paddle 8', 900_000)]);
    const flag = page.getByTestId('flag');
    await expect(flag).toHaveCount(1);
    await expect(flag).toContainText('Une enchère de plus de 5 paliers');
    await flag.getByRole('button', { name: 'Remonter : saut · Lot 1' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('Vérifier le paddle 8');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(flag).toHaveAttribute('data-state', 'escalated');
    await expect(flag.getByTestId('flag-state')).toHaveText('Remontée');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page }).include('.flags').analyze();
    expect(results.violations).toEqual([]);
  });
