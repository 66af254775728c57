import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ingest, uniqueAgreement } from './support/agreements';
import { expectHydrated } from './support/hydration';
import { unique } from './support/live-page';
import { demoAccount } from './support/servers';

// Staff administration (docs/product-contract.md §15) as an admin and the people they add use it:
// each in a browser of their own, signed in through the form. The demo account is an admin;
// every account these tests change is one they added, so the other specs' accounts stay as
// they are.

/** Above the default four-eyes threshold (100,000 in major units). */
const aboveThreshold = 12_500_000;

async function freshPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

async function signIn(page: Page, loginId: string, password: string) {
  await page.goto('/sign');
  await expectHydrated(page.getByRole('button', { name: 'Sign in' }));
  await page.getByLabel('Login id').fill(loginId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The demo admin in a browser of its own (its password entered now: no re-authentication). */
async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const page = await freshPage(browser, baseURL);
  await signIn(page, demoAccount.loginId, demoAccount.password);
  await expect(page).toHaveURL(/\/dash$/);
  return page;
}

/** An account's row on /staff: the table's at 1440 px, the card at 375 px (the other is hidden). */
const staffRow = (page: Page, loginId: string) =>
  page.locator(`[data-staff-row="${loginId}"]:visible`);

/** Adds an account on /staff; returns its temporary password, read from the dialog. */
async function addStaff(page: Page, loginId: string, name: string, role: string) {
  await page.goto('/staff');
  const form = page.getByRole('region', { name: 'Add a staff member' });
  await expectHydrated(form.getByRole('button', { name: 'Add staff member' }));
  await form.getByLabel('Login id').fill(loginId);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Role').selectOption(role);
  await form.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: `Temporary password for ${loginId}` });
  const temporary = await dialog.getByLabel('Temporary password').inputValue();
  expect(temporary.length).toBeGreaterThanOrEqual(16);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return temporary;
}

/** On /account after signing in with a temporary password: replaces it, as the page asks. */
async function replaceTemporary(page: Page, temporary: string, password: string) {
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectHydrated(page.getByRole('button', { name: 'Change password' }));
  await page.getByLabel('Temporary password').fill(temporary);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/dash$/);
}

/** Signs in with a temporary password and replaces it. */
async function firstSignIn(page: Page, loginId: string, temporary: string, password: string) {
  await signIn(page, loginId, temporary);
  await replaceTemporary(page, temporary, password);
}

test('an admin adds a supervisor during the sale, who replaces the temporary password and gives a second approval; the log names each step', async ({
  browser,
  baseURL,
  request,
}) => {
  const admin = await adminPage(browser, baseURL!);
  const loginId = unique('sup').toLowerCase();
  const temporary = await addStaff(admin, loginId, 'Sam Supervisor', 'supervisor');
  await expect(staffRow(admin, loginId)).toContainText('Supervisor');

  // The agreement needs two approvals: the admin gives the first.
  const item = uniqueAgreement({ amount: aboveThreshold });
  const [agreement] = await ingest(request, [item]);
  const first = await admin.request.post(`/api/agreements/${agreement!.id}/decision`, {
    data: { decision: 'approve', version: agreement!.version },
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(first.status()).toBe(200);

  // Before the temporary password is replaced, nothing else answers.
  const supervisor = await freshPage(browser, baseURL!);
  await signIn(supervisor, loginId, temporary);
  await expect(supervisor).toHaveURL(/\/account$/);
  const refused = await supervisor.request.get('/api/agreements?status=pending');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('password_change_required');
  await supervisor.goto('/agreements');
  await expect(supervisor).toHaveURL(/\/account$/);

  await replaceTemporary(supervisor, temporary, 'a supervisor password');
  await supervisor.goto(`/agreements?q=${encodeURIComponent(item.lotTitle)}`);
  const row = supervisor.locator('[data-agreement-id]').filter({ hasText: item.lotTitle });
  await expectHydrated(row);
  await row.getByRole('button', { name: /^Approve:/ }).click();
  const dialog = supervisor.getByRole('dialog', { name: /Approve this agreement/ });
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();

  // The activity log tells it, with names, newest first.
  await admin.goto(`/activity?person=${encodeURIComponent(loginId)}`);
  const events = admin.getByTestId('activity-event');
  await expect(events.first()).toContainText('Sam Supervisor');
  await expect(admin.getByText(/approved the agreement/)).toBeVisible();
  await expect(admin.getByText('replaced their temporary password')).toBeVisible();
  await admin.goto(`/activity?person=demo&kind=staff_added`);
  await expect(admin.getByText(`added ${loginId} as supervisor`)).toBeVisible();
  expect((await new AxeBuilder({ page: admin }).analyze()).violations).toEqual([]);
});

test('a clerk sees no Staff link and gets 403 from the staff API', async ({ browser, baseURL }) => {
  const clerk = await freshPage(browser, baseURL!);
  await signIn(clerk, 'clerk', demoAccount.password);
  await expect(clerk).toHaveURL(/\/dash$/);
  const nav = clerk.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Activity' })).toHaveCount(0);
  const answer = await clerk.request.get('/api/staff');
  expect(answer.status()).toBe(403);
  expect((await answer.json()).error.code).toBe('forbidden');
  await clerk.goto('/staff');
  await expect(clerk.getByRole('heading', { name: 'Only admins manage staff' })).toBeVisible();
});

test("a disabled account's open tab is signed out within 5 s", async ({ browser, baseURL }) => {
  const admin = await adminPage(browser, baseURL!);
  const loginId = unique('gone').toLowerCase();
  const temporary = await addStaff(admin, loginId, 'Gone Clerk', 'clerk');
  const clerk = await freshPage(browser, baseURL!);
  await firstSignIn(clerk, loginId, temporary, 'a clerk password');
  // Two tabs: the dashboard, and the agreements in another.
  const agreements = await clerk.context().newPage();
  await agreements.goto('/agreements');
  await expectHydrated(agreements.getByRole('heading', { level: 1 }));

  const row = staffRow(admin, loginId);
  await row.getByRole('button', { name: `Disable ${loginId}` }).click();
  const confirm = admin.getByRole('dialog', { name: `Disable ${loginId}?` });
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  // The dashboard signs out to /sign; the agreements turn into their sign-in prompt (ADR 30).
  await expect(agreements.getByRole('link', { name: 'Sign in' }).last()).toBeVisible({
    timeout: 5_000,
  });
  await expect(clerk).toHaveURL(/\/sign/, { timeout: 5_000 });
});

test("twenty wrong passwords from elsewhere leave the owner's browser signing in; a new browser gets 429", async ({
  browser,
  baseURL,
  playwright,
}) => {
  const admin = await adminPage(browser, baseURL!);
  const loginId = unique('owner').toLowerCase();
  const temporary = await addStaff(admin, loginId, 'Owner Clerk', 'clerk');
  const password = 'the owner password';
  const owner = await freshPage(browser, baseURL!);
  await firstSignIn(owner, loginId, temporary, password);
  await owner.getByRole('button', { name: 'Sign out' }).click();
  await expect(owner).toHaveURL(/\/sign/);

  // Someone else guesses, from another client.
  const attacker = await playwright.request.newContext({ baseURL });
  const origin = new URL(baseURL!).origin;
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) {
    const answer = await attacker.post('/api/auth/sign-in', {
      data: { loginId, password: `guess-${i}` },
      headers: { origin },
    });
    statuses.push(answer.status());
  }
  expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);

  // The owner's browser signed in to the account before: it still signs in.
  await signIn(owner, loginId, password);
  await expect(owner).toHaveURL(/\/dash$/);

  // A browser that never did is refused, told when to try again.
  const stranger = await freshPage(browser, baseURL!);
  const refused = stranger.waitForResponse('**/api/auth/sign-in');
  await signIn(stranger, loginId, password);
  const answer = await refused;
  expect(answer.status()).toBe(429);
  expect(Number(answer.headers()['retry-after'])).toBeGreaterThan(0);
  await expect(stranger.getByText(/Too many failed attempts/)).toBeVisible();
  await attacker.dispose();
});

test('past 15 minutes the admin action asks for the password again, then goes on', async ({
  browser,
  baseURL,
}) => {
  const admin = await adminPage(browser, baseURL!);
  const loginId = unique('later').toLowerCase();
  await addStaff(admin, loginId, 'Later Clerk', 'clerk');
  // The browser's clock moves 16 minutes on: the password entered at sign-in is too old now.
  await admin.clock.install();
  await admin.goto('/staff');
  const row = staffRow(admin, loginId);
  await expectHydrated(row.getByRole('button', { name: `Disable ${loginId}` }));
  await admin.clock.fastForward('16:00');

  await row.getByRole('button', { name: `Disable ${loginId}` }).click();
  await admin
    .getByRole('dialog', { name: `Disable ${loginId}?` })
    .getByRole('button', { name: 'Disable' })
    .click();
  const prompt = admin.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(prompt).toBeVisible();
  await prompt.getByLabel('Your password').fill('not the password');
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt).toContainText('That password is not right');
  await prompt.getByLabel('Your password').fill(demoAccount.password);
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt).toBeHidden();
  await expect(row).toContainText('Disabled');

  await admin.goto('/activity?person=demo&kind=reauthenticated');
  await expect(admin.getByTestId('activity-event').first()).toContainText(
    'entered their password again',
  );
});
