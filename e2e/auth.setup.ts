import { expect, test as setup } from '@playwright/test';
import { authStatePath, demoAccount } from './support/servers';
import { signInThroughForm } from './support/sign-in';

setup('sign the demo account in once', async ({ page }) => {
  await signInThroughForm(page, demoAccount);
  await expect(page.getByRole('heading', { level: 1, name: 'Live dashboard' })).toBeVisible();
  // Each browser context gets its own PubNub client id, as separate browsers do. Removed from a
  // page without the live part: on /dash the live part may create it again after the removal
  // (it starts loading during the access check), and every context would then share one id.
  await page.goto('/agreements');
  await page.evaluate(() => localStorage.removeItem('gavel.clientId'));
  expect(await page.evaluate(() => localStorage.getItem('gavel.clientId'))).toBeNull();
  await page.context().storageState({ path: authStatePath });
});
