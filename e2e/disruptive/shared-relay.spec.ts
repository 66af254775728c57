import { expect, test, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { ingestLots, presentOnRelay, publishAll, relayPid } from '../support/relay';
import { authStatePath, demoAccount } from '../support/servers';
import { signInThroughForm } from '../support/sign-in';

// Runs after every other project, one test at a time (playwright.config.ts): these tests count
// everyone watching, or restart the relay, so other tests running meanwhile would disturb them.
test.use({ storageState: authStatePath });
test.describe.configure({ mode: 'serial' });

const chip = (page: Page) => page.locator('.connection-chip');

/**
 * Opens the dashboard and waits until this page is the only one watching: browsers that earlier
 * tests closed sent no leave and count until their 20 s presence timeout (swept every few
 * seconds, later on a loaded machine), so a count read sooner moves on its own while the test
 * runs. Who else is present is in the failure message.
 */
async function watchAlone(page: Page) {
  await page.goto('/dash');
  await expect(chip(page)).toHaveText('Live', { timeout: 15_000 });
  const ownId = await page.evaluate(() => window.localStorage.getItem('gavel.clientId'));
  await expect
    .poll(async () => (await presentOnRelay()).filter((uuid) => uuid !== ownId), {
      timeout: 45_000,
      message: 'others still present on the relay (their user ids)',
    })
    .toEqual([]);
  await expect(page.getByTestId('watching')).toHaveText('1 staff member watching', {
    timeout: 10_000,
  });
}

test('a second signed-in browser raises the watching count to 2, and back to 1 when it leaves', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await watchAlone(page);

  const other = await browser.newContext({ storageState: authStatePath });
  const otherPage = await other.newPage();
  await otherPage.goto('/dash');
  await expect(chip(otherPage)).toHaveText('Live', { timeout: 15_000 });
  await expect(page.getByTestId('watching')).toHaveText('2 staff members watching', {
    timeout: 10_000,
  });

  // Leaving the dashboard unsubscribes: the relay sees the leave at once.
  await otherPage.getByRole('link', { name: 'Agreements' }).click();
  await expect(
    otherPage.getByRole('heading', { level: 1, name: 'Pending agreements' }),
  ).toBeVisible();
  await expect(page.getByTestId('watching')).toHaveText('1 staff member watching', {
    timeout: 10_000,
  });
  await other.close();
});

test('signing out unsubscribes: the relay sees the leave and the count drops at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await watchAlone(page);

  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const otherPage = await other.newPage();
  await signInThroughForm(otherPage, demoAccount);
  await expect(chip(otherPage)).toHaveText('Live', { timeout: 15_000 });
  await expect(page.getByTestId('watching')).toHaveText('2 staff members watching', {
    timeout: 10_000,
  });

  await otherPage.getByRole('button', { name: 'Sign out' }).click();
  await expect(otherPage).toHaveURL(/\/sign$/);
  // Well inside the 20 s presence timeout: this is the leave, not a timeout.
  await expect(page.getByTestId('watching')).toHaveText('1 staff member watching', {
    timeout: 5_000,
  });
  await other.close();
});

// The two tests that restart the relay come last: the restarted relay has forgotten every
// client's presence timeout, so a page closed right after reconnecting stays counted for PubNub's
// default 300 s, and would keep others from ever watching alone.
test('the relay restarting: the chip shows reconnecting, then live, with no manual step', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/dash');
  await expect(chip(page)).toHaveText('Live', { timeout: 15_000 });
  const pid = relayPid();
  expect(pid).not.toBeNull();
  process.kill(pid!, 'SIGKILL');
  await expect(chip(page)).toHaveText('Reconnecting…', { timeout: 10_000 });
  await expect(chip(page)).toHaveText('Live', { timeout: 30_000 });
  const newest = await page.getByTestId('bid').first().getAttribute('data-bid-id');
  await expect
    .poll(() => page.getByTestId('bid').first().getAttribute('data-bid-id'), { timeout: 10_000 })
    .not.toBe(newest);
});

/** The relay's channel log on disk, in the console's DATA_DIR (playwright.config.ts). */
const relayLog = '.data/e2e/3100/relay/bids.jsonl';

test('a relay restarted mid-sale closes, unsold, the lots left open on it', async ({ page }) => {
  test.setTimeout(90_000);
  const auctionId = `e2e-restart-${crypto.randomUUID().slice(0, 8)}`;
  expect(
    await ingestLots([
      {
        auctionId,
        saleTitle: `Restart ${auctionId}`,
        lotId: 'lot-1',
        lotNumber: 1,
        lotTitle: 'Bronze horse',
      },
    ]),
  ).toBe(200);
  const openedAt = new Date().toISOString();
  await publishAll([
    { type: 'lot.opened', v: 1, auctionId, lotId: 'lot-1', openedAt, closesAt: null },
  ]);
  await page.goto(`/dash?sale=${auctionId}`);
  const status = page.locator('[data-testid="board-lot"][data-lot-id="lot-1"] td').last();
  await expect(status).toHaveText('Open', { timeout: 15_000 });
  // Once the relay's log on disk holds the opening, it stops as a crash would.
  await expect
    .poll(() => existsSync(relayLog) && readFileSync(relayLog, 'utf8').includes(auctionId))
    .toBe(true);
  process.kill(relayPid()!, 'SIGKILL');
  await expect(chip(page)).toHaveText('Reconnecting…', { timeout: 10_000 });
  await expect(chip(page)).toHaveText('Live', { timeout: 30_000 });
  // Closed without a winning bid: passed (docs/product-contract.md §13).
  await expect(status).toHaveText('Passed', { timeout: 10_000 });
});
