import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { Agreement } from '../lib/agreements/agreement';
import { ingest, uniqueAgreement } from './support/agreements';
import { parseCsv } from './support/csv';
import { expectHydrated } from './support/hydration';
import { ingestLots } from './support/relay';
import { authStatePath, demoAccount } from './support/servers';

// The back office (contract §12): four-eyes approval by two people, bulk decisions, reopening,
// the export and the sale report, as staff use them. The demo account is an admin; `clerk` a clerk.
test.use({ storageState: authStatePath });

const clerkAccount = { loginId: 'clerk', password: demoAccount.password };
/** EUR 150,000.00: above the default threshold of 100,000, so two approvals. */
const aboveThreshold = 15_000_000;

/** A second browser, signed in as the clerk (its cookie shared with the page). */
async function clerkPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
  });
  const response = await context.request.post('/api/auth/sign-in', {
    data: clerkAccount,
    headers: { origin: new URL(baseURL).origin },
  });
  expect(response.status()).toBe(200);
  return context.newPage();
}

/** A decision sent straight to the API as the demo admin, as another screen would. */
async function decideByApi(
  request: APIRequestContext,
  baseURL: string,
  id: string,
  data: Record<string, unknown>,
) {
  const response = await request.post(`/api/agreements/${id}/decision`, {
    data,
    headers: { origin: new URL(baseURL).origin },
  });
  expect(response.status()).toBe(200);
}

async function rowOf(page: Page, lotTitle: string) {
  await page.goto(`/agreements?q=${encodeURIComponent(lotTitle)}`);
  const row = page.locator('[data-agreement-id]').filter({ hasText: lotTitle });
  await expect(row).toHaveCount(1);
  await expectHydrated(row);
  return row;
}

async function confirmInDialog(page: Page, name: RegExp, button: string, reason?: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  if (reason) await dialog.getByRole('textbox').fill(reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a clerk and an admin in two browsers complete a four-eyes approval', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const item = uniqueAgreement({ amount: aboveThreshold });
  await ingest(request, [item]);

  const clerk = await clerkPage(browser, baseURL!);
  const clerkRow = await rowOf(clerk, item.lotTitle);
  await expect(clerkRow).toContainText('0 of 2 approvals');
  await clerkRow.getByRole('button', { name: /^Approve:/ }).click();
  const dialog = clerk.getByRole('dialog', { name: 'Approve this agreement?' });
  await expect(dialog).toContainText('needs two approvals: yours is the first');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(clerk.getByRole('status').filter({ hasText: 'First approval given' })).toBeVisible();
  await expect(clerkRow).toContainText('1 of 2 approvals · First approval by');
  await expect(clerkRow.getByText('Pending', { exact: true })).toBeVisible();
  // The clerk may not give the second approval, and is told why there is no button.
  await expect(clerkRow.getByRole('button', { name: /^Approve:/ })).toHaveCount(0);
  await expect(clerkRow).toContainText("Waiting for another account's approval");

  const adminRow = await rowOf(page, item.lotTitle);
  await expect(adminRow).toContainText('1 of 2 approvals');
  await adminRow.getByRole('button', { name: /^Approve:/ }).click();
  await confirmInDialog(page, /Approve this agreement/, 'Approve');
  await expect(adminRow.getByText('Approved', { exact: true })).toBeVisible();

  // The history tells the first approval from the one that decided it.
  await adminRow.getByRole('button', { name: /^History:/ }).click();
  const log = page.getByRole('dialog', { name: `History of ${item.lotTitle}` });
  const entries = log.getByTestId('decision-log-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('First of two approvals by');
  await expect(entries.first()).toContainText('Status: still Pending, until a second approval');
  await expect(entries.last()).toContainText('Approved by Demo Staff (demo)');
  await expect(entries.last()).toContainText('Status: Pending → Approved');
  await log.getByRole('button', { name: 'Close' }).click();

  const history = await request.get(
    `/api/agreements/${(await adminRow.getAttribute('data-agreement-id'))!}`,
  );
  const { agreement, decisions } = (await history.json()) as {
    agreement: Agreement;
    decisions: { decidedBy: string; statusAfter: string }[];
  };
  expect(agreement).toMatchObject({ status: 'approved', requiredApprovals: 2 });
  expect(agreement.approvals.map((approval) => approval.by)).toEqual(['clerk', 'demo']);
  expect(decisions.map((entry) => [entry.decidedBy, entry.statusAfter])).toEqual([
    ['clerk', 'pending'],
    ['demo', 'approved'],
  ]);
  await clerk.context().close();
});

test('bulk approve 20 by keyboard: one changed meanwhile is shown as a conflict, the rest approved', async ({
  baseURL,
  page,
  request,
}) => {
  const sale = `e2e-bulk-${randomUUID().slice(0, 8)}`;
  const stored = await ingest(
    request,
    Array.from({ length: 20 }, () => uniqueAgreement({ auctionId: sale })),
  );
  await page.goto(`/agreements?sale=${sale}`);
  const rows = page.locator('[data-agreement-id]');
  await expect(rows).toHaveCount(20);
  await expectHydrated(rows.first());
  await expect(page.getByText('20 agreements match')).toBeVisible();

  const selectAll = page.getByRole('checkbox', { name: 'Select all on this page' });
  await selectAll.focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Approve 20 selected' })).toBeVisible();

  // Someone else decides one of them while this page still shows it pending.
  const stale = stored[7]!;
  await decideByApi(request, baseURL!, stale.id, {
    decision: 'reject',
    reason: 'Decided elsewhere',
    version: stale.version,
  });

  await page.getByRole('button', { name: 'Approve 20 selected' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Approve 20 agreements?' });
  await expect(dialog).toBeVisible();
  // As a keyboard user does: the keys go where the focus is once the dialog has taken it.
  await expect(dialog.getByRole('textbox')).toBeFocused();
  await page.keyboard.press('Control+Enter');
  const summary = page.locator('[data-kind="bulk-done"]');
  await expect(summary).toContainText('20 decisions sent: 19 approved, 1 changed elsewhere.');
  await expect(summary).toBeFocused();
  const staleRow = page.locator(`[data-agreement-id="${stale.id}"]`);
  await expect(staleRow.locator('[data-outcome="conflict"]')).toHaveText(
    'Conflict: changed elsewhere',
  );
  await expect(staleRow.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(page.locator('[data-outcome="approved"]')).toHaveCount(19);
  // None of the 20 is pending any more: the count follows at once, not at the next page.
  await expect(page.locator('.agreements__total')).toHaveAttribute('data-total', '0');

  const approved = await request.get(`/api/agreements?status=approved&sale=${sale}&limit=100`);
  expect(((await approved.json()) as { total: number }).total).toBe(19);
});

test('a bulk decision whose answer is lost says some may be saved; trying again counts them as done', async ({
  page,
  request,
}) => {
  const sale = `e2e-lost-${randomUUID().slice(0, 8)}`;
  await ingest(
    request,
    Array.from({ length: 3 }, () => uniqueAgreement({ auctionId: sale })),
  );
  await page.goto(`/agreements?sale=${sale}`);
  const rows = page.locator('[data-agreement-id]');
  await expect(rows).toHaveCount(3);
  await expectHydrated(rows.first());

  // The server decides, and the answer never reaches the browser (a connection cut on its way).
  await page.route('**/api/agreements/decisions', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await page.getByRole('button', { name: 'Approve 3 selected' }).click();
  await confirmInDialog(page, /Approve 3 agreements/, 'Approve');
  const failed = page.locator('[data-kind="failed"]');
  await expect(failed).toContainText('The decisions may have been saved in part');
  await expect(failed).not.toContainText('Nothing was changed');
  await expect(failed.getByRole('button', { name: 'Refresh' })).toBeVisible();

  await page.unroute('**/api/agreements/decisions');
  await failed.getByRole('button', { name: 'Try again' }).click();
  const summary = page.locator('[data-kind="bulk-done"]');
  await expect(summary).toContainText('3 decisions sent: 3 approved.');
  await expect(page.locator('[data-outcome="approved"]')).toHaveCount(3);
  await expect(page.locator('[data-outcome="conflict"]')).toHaveCount(0);
});

test('a sale without a catalogue offers no report; its report link says why and shows the agreements', async ({
  page,
  request,
}) => {
  const sale = `e2e-nocat-${randomUUID().slice(0, 8)}`;
  await ingest(request, [uniqueAgreement({ auctionId: sale })]);
  await page.goto(`/agreements?sale=${sale}`);
  await expect(page.locator('[data-agreement-id]')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Sale report' })).toHaveCount(0);
  // No catalogue, no title: the sale is named by its id.
  await expect(page).toHaveTitle(`Pending agreements · ${sale} · Gavel console`);
  await page.goto(`/agreements?sale=${sale}&view=report`);
  await expect(page.locator('[data-kind="no-report"]')).toContainText(
    'There is no report for this sale: its catalogue has not been received.',
  );
  await expect(page.locator('[data-agreement-id]')).toHaveCount(1);
});

test('Export after the session ended elsewhere says so, instead of a failed download', async ({
  browser,
  baseURL,
  request,
}) => {
  await ingest(request, [uniqueAgreement()]);
  // A session of its own: the shared one must outlive this test.
  const clerk = await clerkPage(browser, baseURL!);
  await clerk.goto('/agreements');
  const exportLink = clerk.getByRole('link', { name: 'Export CSV' });
  await expectHydrated(exportLink);
  const signedOut = await clerk.context().request.post('/api/auth/sign-out', {
    data: {},
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(signedOut.status()).toBe(204);
  let downloads = 0;
  clerk.on('download', () => (downloads += 1));
  await exportLink.click();
  await expect(
    clerk.getByText('Your session has ended: sign in again to review agreements.'),
  ).toBeVisible();
  expect(downloads).toBe(0);
  await clerk.context().close();
});

test('an export that cannot download says why and keeps the way to try again', async ({
  page,
  request,
}) => {
  const item = uniqueAgreement();
  await ingest(request, [item]);
  await page.goto(`/agreements?q=${encodeURIComponent(item.lotTitle)}`);
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expectHydrated(exportLink);
  let downloads = 0;
  page.on('download', () => (downloads += 1));

  // The connection drops: a message with the reason, not a failed file in the downloads.
  await page.context().setOffline(true);
  await exportLink.click();
  const failed = page.getByTestId('export-failed');
  await expect(failed).toContainText(
    'The CSV was not downloaded: the network connection failed. Nothing was lost: try again.',
  );
  expect(downloads).toBe(0);

  // Back online, "Try again" downloads the same file, and the message goes.
  await page.context().setOffline(false);
  const downloading = page.waitForEvent('download');
  await failed.getByRole('button', { name: 'Try again' }).click();
  // The notice goes with the button that had the focus: it is back on the export link.
  await expect(exportLink).toBeFocused();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^agreements-pending-\d{4}-\d{2}-\d{2}\.csv$/);
  const { readFile } = await import('node:fs/promises');
  const [, ...records] = parseCsv(await readFile((await download.path())!, 'utf8'));
  expect(records.map((record) => record[4])).toContain(item.lotTitle);
  await expect(failed).toHaveCount(0);
  expect(downloads).toBe(1);
});

test('a supervisor or admin reopens a decision with a reason; the row is pending again', async ({
  baseURL,
  page,
  request,
}) => {
  const item = uniqueAgreement();
  const [stored] = await ingest(request, [item]);
  await decideByApi(request, baseURL!, stored!.id, { decision: 'approve', version: 1 });
  await page.goto(`/agreements?status=approved&q=${encodeURIComponent(item.lotTitle)}`);
  const row = page.locator('[data-agreement-id]').filter({ hasText: item.lotTitle });
  await expectHydrated(row);
  await row.getByRole('button', { name: /^Reopen:/ }).click();
  await confirmInDialog(page, /Reopen this agreement/, 'Reopen', 'Paddle misread');
  await expect(page.getByRole('status').filter({ hasText: 'is pending again' })).toBeVisible();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  const history = await (await request.get(`/api/agreements/${stored!.id}`)).json();
  expect(history.decisions.at(-1)).toMatchObject({ decision: 'reopen', reason: 'Paddle misread' });
});

test('the export downloads a CSV that reads back equal to the list', async ({ page, request }) => {
  const sale = `e2e-export-${randomUUID().slice(0, 8)}`;
  await ingest(request, [
    uniqueAgreement({ auctionId: sale, buyer: '=HYPERLINK("x")', amount: 100_050 }),
    uniqueAgreement({
      auctionId: sale,
      lotTitle: `Lamp, "brass" ${randomUUID().slice(0, 4)}`,
      currency: 'JPY',
      amount: 98_000,
    }),
    uniqueAgreement({ auctionId: sale, amount: 1_234_500 }),
  ]);
  await page.goto(`/agreements?sale=${sale}&sort=-amount`);
  await expectHydrated(page.locator('[data-agreement-id]').first());
  const listed = (await (
    await request.get(`/api/agreements?sale=${sale}&sort=-amount&limit=100`)
  ).json()) as { items: Agreement[] };

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const { createReadStream } = await import('node:fs');
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream((await download.path())!))
    chunks.push(chunk as Buffer);
  const [header, ...records] = parseCsv(Buffer.concat(chunks).toString('utf8'));
  expect(header).toEqual([
    'id',
    'platformId',
    'auctionId',
    'lotId',
    'lotTitle',
    'buyer',
    'currency',
    'amount',
    'amountMinor',
    'status',
    'closedAt',
    'decidedAt',
    'decidedBy',
    'reason',
    // Contract §14: appended, the columns above unchanged.
    'saleTitle',
    'lotNumber',
    'decidedByName',
    'firstApprovedBy',
    'firstApprovedAt',
    'flags',
  ]);
  const column = (name: string) => header!.indexOf(name);
  // Lots the catalogue lacks, without flags.
  expect(records.map((record) => [record[column('saleTitle')], record[column('flags')]])).toEqual(
    records.map(() => ['', 'open 0; escalated 0; cleared 0']),
  );
  expect(records.map((record) => record[column('id')])).toEqual(listed.items.map((a) => a.id));
  for (const [index, record] of records.entries()) {
    const agreement = listed.items[index]!;
    expect(record[column('lotTitle')]).toBe(agreement.lotTitle);
    expect(record[column('amountMinor')]).toBe(String(agreement.amount));
  }
  expect(records.map((record) => record[column('amount')])).toEqual([
    // Largest in minor units first: EUR 12,345.00, EUR 1,000.50, then JPY 98,000.
    '12345.00',
    '1000.50',
    '98000',
  ]);
  expect(records.find((r) => r[column('buyer')]!.includes('HYPERLINK'))![column('buyer')]).toBe(
    `'=HYPERLINK("x")`,
  );

  // The same rows for Excel: a workbook file.
  const workbook = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export for Excel' }).click();
  expect((await workbook).suggestedFilename()).toMatch(/\.xlsx$/);
});

test('the sale report matches the list, in French too, and axe finds nothing', async ({
  baseURL,
  page,
  request,
}) => {
  const sale = `e2e-report-${randomUUID().slice(0, 8)}`;
  const catalogued = await ingestLots(
    [1, 2, 3, 4].map((number) => ({
      auctionId: sale,
      saleTitle: 'E2E report sale',
      lotId: `lot-${number}`,
      lotNumber: number,
      lotTitle: `Report lot ${number}`,
      currency: 'EUR',
      lowEstimate: 100_000,
      highEstimate: 200_000,
      reserve: null,
      scheduledCloseAt: null,
    })),
  );
  expect(catalogued).toBe(200);
  const [first, second] = await ingest(request, [
    uniqueAgreement({ auctionId: sale, lotId: 'lot-1', amount: 150_000 }),
    uniqueAgreement({ auctionId: sale, lotId: 'lot-2', amount: 250_000 }),
  ]);
  await decideByApi(request, baseURL!, first!.id, { decision: 'approve', version: 1 });
  expect(second).toBeDefined();

  await page.goto(`/agreements?sale=${sale}`);
  await expectHydrated(page.locator('[data-agreement-id]').first());
  // The heading and the tab name the sale by its title, and its id.
  const named = `Pending agreements · E2E report sale (${sale})`;
  await expect(page.getByRole('heading', { level: 1, name: named })).toBeVisible();
  await expect(page).toHaveTitle(`${named} · Gavel console`);
  await page.getByRole('link', { name: 'Sale report' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Report: E2E report sale' }),
  ).toBeVisible();
  const lots = page.locator('.sale-report__lots');
  await expect(lots).toContainText('Lots offered4');
  await expect(lots).toContainText('With an agreement2');
  await expect(lots).toContainText('Sold rate50%');
  const eur = page.getByRole('row', { name: /^EUR/ });
  await expect(eur.getByRole('cell')).toHaveText([
    '€1,500.00',
    '€2,500.00',
    '€0.00',
    '€2,000.00',
    '€4,000.00',
  ]);
  expect(await new AxeBuilder({ page }).analyze().then((r) => r.violations)).toEqual([]);

  await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'fr', url: page.url() }]);
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Rapport : E2E report sale' }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /^EUR/ }).getByRole('cell').first()).toHaveText(
    '1 500,00 €',
  );
});

for (const width of [375, 1440]) {
  test(`at ${width}px in French the selection, a four-eyes row and the report fit and pass axe`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    // Two axe audits of the whole page: at a load of 13 the test ran past 30 s.
    test.setTimeout(60_000);
    const sale = `e2e-fit-${width}-${randomUUID().slice(0, 8)}`;
    expect(
      await ingestLots(
        [1, 2].map((number) => ({
          auctionId: sale,
          saleTitle: `Vente d’essai ${width}`,
          lotId: `lot-${number}`,
          lotNumber: number,
          lotTitle: `Lot d’essai ${number}`,
          currency: 'EUR',
          lowEstimate: 100_000,
          highEstimate: 20_000_000,
          reserve: null,
          scheduledCloseAt: null,
        })),
      ),
    ).toBe(200);
    await ingest(request, [
      uniqueAgreement({ auctionId: sale, lotId: 'lot-1', amount: aboveThreshold }),
      uniqueAgreement({ auctionId: sale, lotId: 'lot-2' }),
    ]);
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'fr', url: baseURL! }]);
    await page.setViewportSize({ width, height: 900 });

    await page.goto(`/agreements?sale=${sale}`);
    await expectHydrated(page.locator('[data-agreement-id]').first());
    await expect(page.getByText('2 accords correspondent')).toBeVisible();
    await expect(page.getByText('0 approbation sur 2')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Tout sélectionner sur cette page' }).check();
    await expect(
      page.getByRole('button', { name: 'Approuver 2 accords sélectionnés' }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await page.getByRole('link', { name: 'Rapport de vente' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Rapport : Vente d’essai ${width}` }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
}
