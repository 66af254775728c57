import { expect, test } from '@playwright/test';
import { authStatePath } from './support/servers';

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

test.describe('signed out', () => {
  test('each public area has its title and the navigation marks where the user is', async ({
    page,
  }) => {
    for (const [path, heading, link] of [
      ['/sign', 'Sign in', 'Sign in'],
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

  test('/dash without a session ends on /sign', async ({ page }) => {
    await page.goto('/dash');
    await expect(page).toHaveURL(/\/sign$/);
    await expect(page.getByLabel('Login id')).toBeVisible();
  });

  test('the areas are reachable by keyboard from the skip link and the navigation', async ({
    page,
  }) => {
    await page.goto('/agreements');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sign$/);
    await expect(page.getByLabel('Login id')).toBeFocused();
  });
});

test.describe('signed in', () => {
  test.use({ storageState: authStatePath });

  test('the dashboard has its title and is marked in the navigation', async ({ page }) => {
    await page.goto('/dash');
    await expect(page.getByRole('heading', { level: 1, name: 'Live dashboard' })).toBeVisible();
    await expect(page).toHaveTitle(/^Live dashboard · Gavel console$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
    ).toHaveAttribute('aria-current', 'page');
  });
});
