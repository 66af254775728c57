import { expect, type Page } from '@playwright/test';

/** Signs in the way staff do: the form on /sign, then the dashboard. */
export async function signInThroughForm(
  page: Page,
  account: { loginId: string; password: string },
) {
  await page.goto('/sign');
  await page.getByLabel('Login id').fill(account.loginId);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dash$/);
}
