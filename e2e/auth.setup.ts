import { expect, test as setup } from '@playwright/test';
import { authStatePath, demoAccount } from './support/servers';
import { signInThroughForm } from './support/sign-in';

setup('sign the demo account in once', async ({ page }) => {
  await signInThroughForm(page, demoAccount);
  await expect(page.getByRole('heading', { level: 1, name: 'Live dashboard' })).toBeVisible();
  // Each browser context gets its own PubNub client id, as separate browsers do.
  await page.evaluate(() => localStorage.removeItem('gavel.clientId'));
  await page.context().storageState({ path: authStatePath });
});
