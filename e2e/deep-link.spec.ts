import { expect, test, type Page } from '@playwright/test';
import { demoAccount } from './support/servers';

// Deep links through sign-in (docs/product-contract.md §12): a link opened while signed out comes
// back after sign-in, and `next=` never leads off this console.

/** The form, by keyboard alone: login id, Tab, password, Enter. */
async function signInByKeyboard(page: Page) {
  await expect(page.getByLabel('Login id')).toBeFocused();
  await page.keyboard.type(demoAccount.loginId);
  await page.keyboard.press('Tab');
  await page.keyboard.type(demoAccount.password);
  await page.keyboard.press('Enter');
}

test('a signed-out link to a filtered agreements list comes back to it after sign-in', async ({
  page,
}) => {
  const deepLink = '/agreements?status=approved&q=mustang';
  await page.goto(deepLink);
  const signIn = page.getByRole('link', { name: 'Sign in' }).last();
  await expect(signIn).toHaveAttribute('href', `/sign?next=${encodeURIComponent(deepLink)}`);
  await signIn.click();
  await expect(page).toHaveURL(/\/sign\?next=/);
  await signInByKeyboard(page);
  await expect(page).toHaveURL(deepLink);
  await expect(page.getByRole('searchbox')).toHaveValue('mustang');
});

test('a signed-out link to a focused sale passes the edge and comes back after sign-in', async ({
  page,
}) => {
  await page.goto('/dash?sale=london-watches-2026');
  await expect(page).toHaveURL(/\/sign\?next=%2Fdash%3Fsale%3Dlondon-watches-2026$/);
  await signInByKeyboard(page);
  await expect(page).toHaveURL('/dash?sale=london-watches-2026');
  await expect(page.getByTestId('focused-sale')).toBeVisible();
});

for (const next of [
  '//evil.example',
  'https://evil.example',
  '/\\evil.example',
  '%2F%2Fevil.example',
  '/%09/evil.example',
  'javascript:alert(1)',
])
  test(`next=${next} is ignored: sign-in lands on the dashboard`, async ({ page }) => {
    await page.goto(`/sign?next=${encodeURIComponent(next)}`);
    await signInByKeyboard(page);
    await expect(page).toHaveURL(/\/dash$/);
  });

test('plain /dash signed out still goes to plain /sign', async ({ page }) => {
  await page.goto('/dash');
  await expect(page).toHaveURL(/\/sign$/);
});

test('a session that ended on a focused sale (revoked, still signed) signs in back to that sale', async ({
  browser,
  page,
  request,
}) => {
  // A session signed in and then signed out elsewhere: its cookie still passes the edge.
  await page.goto('/sign');
  await signInByKeyboard(page);
  await expect(page).toHaveURL(/\/dash$/);
  const ended = (await page.context().cookies()).filter((c) => c.name === '__Host-gavel_session');
  expect(ended).toHaveLength(1);
  const signOut = await request.post('/api/auth/sign-out', {
    headers: {
      origin: new URL(page.url()).origin,
      cookie: `${ended[0]!.name}=${ended[0]!.value}`,
    },
    data: {},
  });
  expect(signOut.status()).toBe(204);

  const context = await browser.newContext();
  await context.addCookies(ended);
  const other = await context.newPage();
  await other.goto('/dash?sale=london-watches-2026');
  await expect(other).toHaveURL(/\/sign\?next=%2Fdash%3Fsale%3Dlondon-watches-2026$/);
  await signInByKeyboard(other);
  await expect(other).toHaveURL('/dash?sale=london-watches-2026');
  await expect(other.getByTestId('focused-sale')).toBeVisible();
  await context.close();
});

test('a session revoked elsewhere while a sale is on screen ends on /sign, back to that sale', async ({
  browser,
  request,
}) => {
  // The catalogue is read again every 30 s: that read meets the 401.
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/sign');
  await signInByKeyboard(page);
  await expect(page).toHaveURL(/\/dash$/);
  await page.goto('/dash?sale=london-watches-2026');
  await expect(page.getByTestId('focused-sale')).toBeVisible();

  const [cookie] = (await context.cookies()).filter((c) => c.name === '__Host-gavel_session');
  const signOut = await request.post('/api/auth/sign-out', {
    headers: { origin: new URL(page.url()).origin, cookie: `${cookie!.name}=${cookie!.value}` },
    data: {},
  });
  expect(signOut.status()).toBe(204);

  await expect(page).toHaveURL(/\/sign\?next=%2Fdash%3Fsale%3Dlondon-watches-2026$/, {
    timeout: 45_000,
  });
  await expect(page.getByLabel('Login id')).toBeVisible();
  await context.close();
});

test('a link to /api/auth/session-ended from elsewhere signs no one out', async ({ page }) => {
  await page.goto('/sign');
  await signInByKeyboard(page);
  await expect(page).toHaveURL(/\/dash$/);
  await page.goto('/api/auth/session-ended');
  await expect(page).toHaveURL(/\/dash$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});
