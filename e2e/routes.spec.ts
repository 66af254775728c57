import { expect, test } from '@playwright/test';

test('the root address ends on /sign', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('an unknown address answers 404 with the placeholder, then lands on /sign', async ({
  page,
  request,
}) => {
  const direct = await request.get('/no/such/page');
  expect(direct.status()).toBe(404);
  expect(await direct.text()).toContain('Page not found');

  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/sign$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The guard replaced the location: going back does not return to the unknown address.
  const historyLength = await page.evaluate(() => history.length);
  expect(historyLength).toBeLessThanOrEqual(2);
});

test('each area has its title and the navigation marks where the user is', async ({ page }) => {
  for (const [path, heading, link] of [
    ['/sign', 'Sign in', 'Sign in'],
    ['/dash', 'Live dashboard', 'Dashboard'],
    ['/agreements', 'Pending agreements', 'Agreements'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${heading} · Gavel console$`));
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }),
    ).toHaveAttribute('aria-current', 'page');
  }
});

test('the areas are reachable by keyboard from the skip link and the navigation', async ({
  page,
}) => {
  await page.goto('/sign');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dash$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Live dashboard' })).toBeVisible();
});
