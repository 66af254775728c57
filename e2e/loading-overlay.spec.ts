import { expect, test, type Page } from '@playwright/test';
import { waitForLive } from './support/live-page';
import { authStatePath } from './support/servers';

test.use({ storageState: authStatePath });

const overlay = (page: Page) => page.getByTestId('loading-overlay');
const announcement = (page: Page) => page.getByRole('status').filter({ hasText: 'Loading…' });

/** Holds every /api/health answer until the returned function is called. */
async function holdHealthChecks(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started = 0;
  await page.route('**/api/health', async (route) => {
    started += 1;
    await released;
    await route.continue().catch(() => undefined);
  });
  return { release, started: () => started };
}

test.beforeEach(async ({ page }) => {
  await page.goto('/dash');
  await expect(page.getByText(/The service is up/)).toBeVisible();
  // The steps below run on a settled page: on a loaded machine the catch-up of up to 2,000
  // earlier bids held the main thread long enough to run a test out of time (7 s to focus a link).
  await waitForLive(page);
});

test('two slow calls show the overlay until the last one settles', async ({ page }) => {
  const held = await holdHealthChecks(page);
  const checkAgain = page.getByRole('button', { name: 'Check again' });

  await checkAgain.click();
  await expect(overlay(page)).toBeVisible();
  await expect(announcement(page)).toHaveText('Loading…');
  // The overlay takes pointer clicks; a script click still starts the second call.
  await checkAgain.evaluate((button: HTMLButtonElement) => button.click());
  await expect.poll(held.started).toBe(2);

  held.release();
  await expect(overlay(page)).toBeHidden();
  await expect(announcement(page)).toHaveCount(0);
  await expect(page.getByText(/The service is up/)).toBeVisible();
});

test('the overlay blocks pointer clicks while it is shown', async ({ page }) => {
  const held = await holdHealthChecks(page);
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(overlay(page)).toBeVisible();
  const clickable = await page
    .getByRole('link', { name: 'Agreements' })
    .click({ timeout: 1_000, trial: true })
    .then(() => true)
    .catch(() => false);
  expect(clickable).toBe(false);
  held.release();
  await expect(overlay(page)).toBeHidden();
});

test('a failed call settles the counter and shows a translated error with a retry', async ({
  page,
}) => {
  await page.route('**/api/health', (route) => route.fulfill({ status: 503, body: 'down' }));
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(
    page.getByText('The service could not be reached: the server had a problem (HTTP 503).'),
  ).toBeVisible();
  await expect(overlay(page)).toBeHidden();

  await page.unroute('**/api/health');
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByText(/The service is up/)).toBeVisible();
});

test('a call cut off by the network settles the counter', async ({ page }) => {
  await page.route('**/api/health', (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(
    page.getByText('The service could not be reached: the network connection failed.'),
  ).toBeVisible();
  await expect(overlay(page)).toBeHidden();
});

test('an aborted call (leaving the screen) settles the counter', async ({ page }) => {
  const held = await holdHealthChecks(page);
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(overlay(page)).toBeVisible();

  // Leave by keyboard: the overlay only takes pointer clicks. Unmounting aborts the call.
  await page.getByRole('link', { name: 'Agreements' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Pending agreements' })).toBeVisible();
  await expect(overlay(page)).toBeHidden();
  held.release();
  await expect(overlay(page)).toBeHidden();
});

test('background calls never show the overlay', async ({ page }) => {
  const held = await holdHealthChecks(page);
  await page.reload();
  await expect(page.getByText('Checking the service…')).toBeVisible();
  await expect.poll(held.started).toBeGreaterThanOrEqual(1);
  await expect(overlay(page)).toBeHidden();
  held.release();
  await expect(page.getByText(/The service is up/)).toBeVisible();
});
