import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ingest, uniqueAgreement } from './support/agreements';
import { expectHydrated, holdScripts } from './support/hydration';
import { authStatePath, demoAccount } from './support/servers';
import { signInThroughForm } from './support/sign-in';

test.use({ storageState: authStatePath });

const anonymous = { storageState: { cookies: [], origins: [] } };

/** The agreements screen filtered down to one lot title. */
async function openFiltered(page: Page, lotTitle: string, status = 'pending') {
  const query = new URLSearchParams({ q: lotTitle });
  if (status !== 'pending') query.set('status', status);
  await page.goto(`/agreements?${query.toString()}`);
  const row = page.locator('[data-agreement-id]').filter({ hasText: lotTitle });
  await expect(row).toHaveCount(1);
  await expectHydrated(row);
  return row;
}

/** One agreement of this test's own, ingested and shown alone on the screen. */
async function reviewOne(page: Page, request: APIRequestContext) {
  const item = uniqueAgreement();
  const [stored] = await ingest(request, [item]);
  const row = await openFiltered(page, item.lotTitle);
  return { item, stored: stored!, row };
}

test.describe('signed out', () => {
  test('the page shows a sign-in prompt and no data; the API answers 401', async ({ browser }) => {
    const context = await browser.newContext(anonymous);
    const page = await context.newPage();
    const response = await page.goto('/agreements');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Sign in to review agreements' })).toBeVisible();
    await expect(page.locator('[data-agreement-id]')).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
    const list = await context.request.get('/api/agreements');
    expect(list.status()).toBe(401);
    expect(await list.json()).toMatchObject({ error: { code: 'unauthorized' } });
    await page.getByRole('link', { name: 'Sign in', exact: true }).last().click();
    await expect(page).toHaveURL(/\/sign$/);
    await context.close();
  });
});

test('approving through the dialog decides the agreement and logs who did it', async ({
  page,
  request,
}) => {
  const { item, row } = await reviewOne(page, request);
  await expect(row).toContainText(item.buyer);
  await expect(row).toContainText('€12,345.00');
  await expect(row).toContainText('5 minutes ago');

  await row.getByRole('button', { name: /^Approve:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this agreement?' });
  await expect(dialog).toContainText(`${item.lotTitle}, sold to ${item.buyer} for €12,345.00.`);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Approved:' })).toContainText(
    item.lotTitle,
  );
  await expect(row).toContainText('Approved by Demo Staff');
  await expect(row.getByRole('button', { name: /^Approve:/ })).toHaveCount(0);

  await row.getByRole('button', { name: /^History:/ }).click();
  const history = page.getByRole('dialog', { name: `History of ${item.lotTitle}` });
  await expect(history.getByTestId('decision-log-entry')).toHaveCount(1);
  await expect(history.getByTestId('decision-log-entry')).toContainText(
    'Approved by Demo Staff (demo)',
  );
  await expect(history).toContainText('Status: Pending → Approved');
  await history.getByRole('button', { name: 'Close' }).click();

  // It is in the approved list now, not the pending one.
  await page.goto(`/agreements?q=${encodeURIComponent(item.lotTitle)}`);
  await expect(page.getByText(`No agreement matches “${item.lotTitle}”.`)).toBeVisible();
  await openFiltered(page, item.lotTitle, 'approved');
});

test('rejecting needs a reason: the dialog refuses to send without one', async ({
  page,
  request,
}) => {
  const { stored, row } = await reviewOne(page, request);
  let decisionCalls = 0;
  page.on('request', (sent) => {
    if (sent.url().includes('/decision')) decisionCalls += 1;
  });

  await row.getByRole('button', { name: /^Reject:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject this agreement?' });
  const reason = dialog.getByLabel('Reason for rejecting');
  await expect(reason).toBeFocused();
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(dialog.getByText('Give a reason of at least 3 characters.')).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await reason.fill('  a ');
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(dialog).toBeVisible();
  expect(decisionCalls).toBe(0);

  // The API refuses it too.
  const refused = await request.post(`/api/agreements/${stored.id}/decision`, {
    headers: { origin: new URL(page.url()).origin },
    data: { decision: 'reject', version: 1 },
  });
  expect(refused.status()).toBe(400);

  await reason.fill('Buyer withdrew before payment');
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(row).toContainText('Rejected by Demo Staff');
  expect(decisionCalls).toBe(1);
  const history = await request.get(`/api/agreements/${stored.id}`);
  expect((await history.json()).decisions).toMatchObject([
    { decision: 'reject', reason: 'Buyer withdrew before payment', statusAfter: 'rejected' },
  ]);
});

test('a decision shows at once, and a failed one rolls back with the reason and a retry', async ({
  page,
  context,
  request,
}) => {
  const { row } = await reviewOne(page, request);

  // Held back on its way: the row already shows the decision while it is being saved.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/decision', async (route) => {
    await held;
    await route.continue();
  });
  await row.getByRole('button', { name: /^Approve:/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(row).toContainText('Saving…');
  await expect(row.getByRole('button', { name: /^Approve:/ })).toHaveCount(0);
  // The network goes away before it leaves: the decision fails and the row comes back.
  await context.setOffline(true);
  release();
  const alert = page.getByRole('alert').filter({ hasText: 'was not saved' });
  await expect(alert).toContainText('the network connection failed.');
  await expect(alert).toContainText('The agreement is back as it was.');
  await expect(row).toContainText('Pending');
  await expect(row.getByRole('button', { name: /^Approve:/ })).toBeVisible();

  await context.setOffline(false);
  await page.unroute('**/decision');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(row).toContainText('Approved by Demo Staff');
  await expect(page.getByRole('alert').filter({ hasText: 'was not saved' })).toHaveCount(0);
});

test('a decision someone else made first is explained and the row refreshed (409)', async ({
  page,
  request,
}) => {
  const { item, stored, row } = await reviewOne(page, request);

  // Another staff member decides while this screen still shows it pending.
  const first = await request.post(`/api/agreements/${stored.id}/decision`, {
    headers: { origin: new URL(page.url()).origin },
    data: { decision: 'reject', reason: 'Duplicate of an earlier sale', version: 1 },
  });
  expect(first.status()).toBe(200);

  await row.getByRole('button', { name: /^Approve:/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'was already rejected' });
  await expect(alert).toContainText(
    `The agreement for ${item.lotTitle} was already rejected by Demo Staff on`,
  );
  await expect(row).toContainText('Rejected by Demo Staff');
  await expect(row.getByRole('button', { name: /^Approve:/ })).toHaveCount(0);
  const history = await request.get(`/api/agreements/${stored.id}`);
  expect((await history.json()).decisions).toHaveLength(1);
});

test('a session that ends while the page is open turns the screen into the sign-in prompt', async ({
  browser,
}) => {
  // A session of its own: ending it must not end the one the other tests share.
  const context = await browser.newContext(anonymous);
  const page = await context.newPage();
  await signInThroughForm(page, demoAccount);
  const { row } = await reviewOne(page, context.request);

  const signedOut = await context.request.post('/api/auth/sign-out', {
    headers: { origin: new URL(page.url()).origin },
    data: {},
  });
  expect(signedOut.status()).toBe(204);
  await row.getByRole('button', { name: /^Approve:/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(
    page.getByText('Your session has ended: sign in again to review agreements.'),
  ).toBeVisible();
  await expect(page.locator('[data-agreement-id]')).toHaveCount(0);
  await context.close();
});

test('a session revoked elsewhere turns the open screen into the sign-in prompt without a click', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const context = await browser.newContext(anonymous);
  const page = await context.newPage();
  await signInThroughForm(page, demoAccount);
  await reviewOne(page, context.request);

  // Revoked from outside this browser (another device, an admin): its cookie stays.
  const cookies = await context.cookies();
  const outside = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: {
      origin: new URL(baseURL!).origin,
      cookie: cookies.map(({ name, value }) => `${name}=${value}`).join('; '),
    },
  });
  expect((await outside.post('/api/auth/sign-out', { data: {} })).status()).toBe(204);
  await outside.dispose();

  // The tab's session watch (every 3 s) or the quiet check (every 5 s) meets the 401.
  await expect(
    page.getByText('Your session has ended: sign in again to review agreements.'),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-agreement-id]')).toHaveCount(0);
  // Behind the prompt, nothing more is asked of the server: every check would meet a 401.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/agreements')) asked.push(request.url());
  });
  await page.waitForTimeout(6_500);
  expect(asked).toEqual([]);
  await context.close();
});

test('filters and pages live in the URL and survive a reload and Back', async ({
  page,
  request,
}) => {
  const buyer = `Bidder ${Date.now().toString(36)}`;
  const items = Array.from({ length: 30 }, (_, index) =>
    uniqueAgreement({ buyer, lotTitle: `Paged lot ${String(index).padStart(2, '0')}` }),
  );
  await ingest(request, items);

  await page.goto('/agreements');
  await page.getByLabel('Search lot or buyer').fill(buyer);
  await page.getByRole('button', { name: 'Search' }).click();
  // Sent before the page hydrates, the form is a plain GET that also names the status: same list.
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(buyer);
  const rows = page.locator('[data-agreement-id]');
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText('Paged lot 00');

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(page.getByRole('heading', { name: 'Pending agreements', level: 2 })).toBeFocused();
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText('Paged lot 25');
  await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(0);

  await page.reload();
  await expect(rows).toHaveCount(5);
  await expect(page.getByLabel('Search lot or buyer')).toHaveValue(buyer);

  await page.goBack();
  await expect(rows).toHaveCount(25);
  await expect(page).not.toHaveURL(/cursor=/);

  await page.getByLabel('Status').selectOption('approved');
  await expect(page).toHaveURL(/status=approved/);
  await expect(page.getByText(`No agreement matches “${buyer}”.`)).toBeVisible();

  // The field follows the URL, also once typed in: cleared with the search, back with Back.
  const field = page.getByLabel('Search lot or buyer');
  await field.fill(buyer);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).not.toHaveURL(/q=/);
  await expect(field).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/q=/);
  await expect(field).toHaveValue(buyer);
});

test('a search sent while offline leaves the screen as it was, and says so', async ({
  page,
  context,
  request,
}) => {
  const buyer = `Offline ${Date.now().toString(36)}`;
  await ingest(request, [uniqueAgreement({ buyer })]);
  await page.goto('/agreements');
  const field = page.getByLabel('Search lot or buyer');
  await expectHydrated(field);
  const shown = await page.locator('[data-agreement-id]').count();
  expect(shown).toBeGreaterThan(0);

  await context.setOffline(true);
  await field.fill(buyer);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('offline-navigation')).toContainText(
    'You are offline: the list did not change.',
  );
  // Not the browser's offline page: the same list, the search still typed, the URL unchanged.
  expect(new URL(page.url()).searchParams.get('q')).toBeNull();
  await expect(page.locator('[data-agreement-id]')).toHaveCount(shown);
  await expect(field).toHaveValue(buyer);

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(buyer);
  await expect(page.getByTestId('offline-navigation')).toHaveCount(0);
  await expect(page.locator('[data-agreement-id]')).toHaveCount(1);
});

test('a search typed while the page is still loading is searched for, not dropped', async ({
  page,
  request,
  baseURL,
}) => {
  const [agreement] = await ingest(request, [uniqueAgreement()]);
  // Hold the page's scripts until the text is in the field: no input event reaches React.
  const releaseScripts = await holdScripts(page);
  await page.goto('/agreements', { waitUntil: 'domcontentloaded' });
  const field = page.getByLabel('Search lot or buyer');
  await field.fill(agreement!.lotTitle);
  releaseScripts();
  // From then on the click is React's, not a plain GET.
  await expectHydrated(page.getByRole('search'));
  await expect(field).toHaveValue(agreement!.lotTitle);

  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(
    `${baseURL}/agreements?${new URLSearchParams({ q: agreement!.lotTitle })}`,
  );
  await expect(page.locator('[data-agreement-id]')).toHaveCount(1);
  await expect(page.locator(`[data-agreement-id="${agreement!.id}"]`)).toBeVisible();
});

test('an empty pending list says so', async ({ page }) => {
  await page.goto(`/agreements?q=${encodeURIComponent('no such lot zz9')}`);
  await expect(page.getByText('No agreement matches “no such lot zz9”.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('works by keyboard: open, cancel with Escape, confirm, and the focus stays on the row', async ({
  page,
  request,
}) => {
  // Two axe audits of the whole page: at a load of 13 the second ran past 30 s.
  test.setTimeout(60_000);
  const { item, row } = await reviewOne(page, request);
  const approve = row.getByRole('button', { name: /^Approve:/ });
  await approve.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Approve this agreement?' });
  // The note has the focus: Enter alone never approves.
  const note = dialog.getByLabel('Note (optional)');
  await expect(note).toBeFocused();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(approve).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(note).toBeFocused();
  await page.keyboard.type('Paid in full');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Approve', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row).toContainText('Approved by Demo Staff');
  // The Approve button is gone; the focus is on the row's History, not lost to the page.
  const history = row.getByRole('button', { name: /^History:/ });
  await expect(history).toBeFocused();
  await page.keyboard.press('Enter');
  const log = page.getByRole('dialog', { name: `History of ${item.lotTitle}` });
  await expect(log.getByTestId('decision-log-entry')).toContainText('Reason: Paid in full');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('Enter on Approve right after Escape opens the dialog again, every time', async ({
  page,
  request,
}) => {
  // Escape closes the native dialog a task before React hears of it; an Enter in between once
  // left the dialog mounted, closed and never shown again (the keyboard test above was flaky).
  const { row } = await reviewOne(page, request);
  const approve = row.getByRole('button', { name: /^Approve:/ });
  const dialog = page.getByRole('dialog', { name: 'Approve this agreement?' });
  await approve.focus();
  await page.keyboard.press('Enter');
  for (let round = 0; round < 12; round++) {
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
  }
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(approve).toBeFocused();
});

test('a row decided elsewhere is marked within 20 s, and Refresh shows the list as it is', async ({
  page,
  request,
}) => {
  const items = [uniqueAgreement({ buyer: `Quiet ${Date.now()}` })];
  items.push(uniqueAgreement({ buyer: items[0]!.buyer }));
  const [first] = await ingest(request, items);
  await page.clock.install();
  await page.goto(`/agreements?q=${encodeURIComponent(items[0]!.buyer)}`);
  const rows = page.locator('[data-agreement-id]');
  await expect(rows).toHaveCount(2);

  const decided = await request.post(`/api/agreements/${first!.id}/decision`, {
    headers: { origin: new URL(page.url()).origin },
    data: { decision: 'approve', version: 1 },
  });
  expect(decided.status()).toBe(200);
  await ingest(request, [uniqueAgreement({ buyer: items[0]!.buyer })]);
  // The list's top: what is above it (the notice once was) moves every row under the pointer.
  const listTop = () =>
    page.locator('.agreements__list').evaluate((list) => list.getBoundingClientRect().top);
  const before = await listTop();
  await page.clock.runFor(20_000);

  const banner = page.getByRole('status').filter({ hasText: 'decided elsewhere' });
  await expect(banner).toContainText(
    '1 agreement on this page was decided elsewhere. 1 new agreement.',
  );
  // The news appears without moving the rows under the pointer.
  expect(await listTop()).toBe(before);
  const stale = rows.filter({ hasText: items[0]!.lotTitle });
  await expect(stale).toContainText('Decided elsewhere');
  await expect(stale.getByRole('button', { name: /^Approve:/ })).toHaveCount(0);

  await banner.getByRole('button', { name: 'Refresh' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: items[0]!.lotTitle })).toHaveCount(0);
  await expect(banner).toHaveCount(0);
});

test('cards at 375px, in French', async ({ page, context, request, baseURL }) => {
  const item = uniqueAgreement();
  await ingest(request, [item]);
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'fr', url: baseURL! }]);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/agreements?q=${encodeURIComponent(item.lotTitle)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Accords en attente' })).toBeVisible();
  const card = page.locator('.agreement-card').filter({ hasText: item.lotTitle });
  await expect(card).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(card).toContainText('12 345,00 €');
  await expect(card).toContainText('il y a 5 minutes');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await card.getByRole('button', { name: /^Rejeter/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Rejeter cet accord ?' });
  await dialog.getByRole('button', { name: 'Rejeter', exact: true }).click();
  await expect(dialog.getByText('Indiquez un motif d’au moins 3 caractères.')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

for (const width of [701, 768, 1024]) {
  test(`the table fits ${width}px in French without scrolling sideways`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const item = uniqueAgreement({
      lotTitle: `Une très longue désignation de lot pour la mise en page ${crypto.randomUUID().slice(0, 8)}`,
    });
    await ingest(request, [item]);
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'fr', url: baseURL! }]);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/agreements?q=${encodeURIComponent(item.lotTitle)}`);
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Approuver/ })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
  });
}
