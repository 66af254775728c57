import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { ingest, uniqueAgreement } from './support/agreements';
import { expectHydrated } from './support/hydration';
import { ingestLots } from './support/relay';
import { authStatePath, demoAccount } from './support/servers';

// What only a browser shows of the back office and the shell: the bulk bar kept in view on a
// phone, a select the keyboard arrows through without loading anything, and where the focus
// starts after signing in.

/** Whether the point at the element's centre is the element (or inside it): nothing covers it. */
const isUncovered = (element: Locator) =>
  element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (node === top || node.contains(top));
  });

test.describe('signed in', () => {
  test.use({ storageState: authStatePath });

  test('at 375px the bulk bar stays in view while rows are ticked, and covers none of them', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    const sale = `e2e-bulk375-${randomUUID().slice(0, 8)}`;
    await ingest(
      request,
      Array.from({ length: 12 }, () => uniqueAgreement({ auctionId: sale })),
    );
    await page.goto(`/agreements?sale=${sale}`);
    const rows = page.locator('[data-agreement-id]');
    await expect(rows).toHaveCount(12);
    await expectHydrated(rows.first());
    const bar = page.getByRole('group', { name: 'Selection' });

    await rows.first().getByRole('checkbox').check();
    await expect(bar.getByRole('button', { name: 'Approve 1 selected' })).toBeInViewport();

    // Down the list to its last row, ticked too: the bar came along.
    const last = rows.last();
    await last.scrollIntoViewIfNeeded();
    await last.getByRole('checkbox').check();
    await expect(bar.getByRole('button', { name: 'Approve 2 selected' })).toBeInViewport({
      ratio: 1,
    });
    await expect(bar.getByRole('button', { name: 'Reject 2 selected' })).toBeInViewport({
      ratio: 1,
    });

    // At the very end of the page, the last row's controls are in view and under nothing.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    for (const control of await last.getByRole('button').all()) {
      await expect(control).toBeInViewport({ ratio: 1 });
      expect(await isUncovered(control)).toBe(true);
    }

    // A keyboard user going down the rows, then back up: each control the focus reaches is in
    // view, clear of the bar.
    const focusedControl = () =>
      page.evaluate(() => {
        const node = document.activeElement;
        if (!node?.closest('[data-agreement-id]')) return null;
        const box = node.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        // Within a pixel: the page scrolls by whole pixels, the rows sit at fractions of one.
        return {
          inView: box.top >= -1 && box.bottom <= window.innerHeight + 1,
          uncovered: top !== null && (node === top || node.contains(top)),
        };
      });
    for (const [start, key] of [
      [rows.first().getByRole('checkbox'), 'Tab'],
      [last.getByRole('button').last(), 'Shift+Tab'],
    ] as const) {
      await start.focus();
      let reached = 0;
      for (let control = await focusedControl(); control; control = await focusedControl()) {
        expect(control).toEqual({ inView: true, uncovered: true });
        await page.keyboard.press(key);
        reached += 1;
      }
      // Every row's checkbox and buttons at least.
      expect(reached).toBeGreaterThan(12 * 2);
    }
    await expect(bar.getByRole('button', { name: 'Approve 2 selected' })).toBeInViewport();
  });

  test('arrowing through the Sale select loads nothing; Enter applies the sale reached', async ({
    page,
  }) => {
    const tag = randomUUID().slice(0, 8);
    // Two sales in the catalogue at least, so the arrows have somewhere to go.
    for (const letter of ['a', 'b'])
      expect(
        await ingestLots([
          {
            auctionId: `e2e-arrows-${tag}-${letter}`,
            saleTitle: `Arrows ${tag} ${letter}`,
            lotId: 'lot-1',
            lotNumber: 1,
            lotTitle: `Arrows lot ${letter}`,
            lowEstimate: 100_000,
            highEstimate: 120_000,
          },
        ]),
      ).toBe(200);
    await page.goto('/agreements');
    const select = page.getByLabel('Sale', { exact: true });
    await expectHydrated(select);
    // "All sales" and two sales at least.
    expect(await select.locator('option').count()).toBeGreaterThanOrEqual(3);

    // Every navigation of the list asks the server for the page (a request for /agreements?…).
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/agreements') listRequests.push(request.url());
    });

    const values = await select
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    const reached = values[2]!;

    await select.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    // The keys' choice is shown; nothing is asked of the server. (Time for a navigation to have
    // started, had one been asked for: an absence has no event to wait for.)
    await expect(select).toHaveValue(reached);
    await page.waitForTimeout(500);
    expect(listRequests).toEqual([]);
    await expect(page).toHaveURL(/\/agreements$/);

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/agreements?sale=${encodeURIComponent(reached)}`);
    await expect(select).toHaveValue(reached);
    expect(listRequests.length).toBeGreaterThan(0);
  });

  test('a sale chosen with the mouse applies at once', async ({ page }) => {
    await page.goto('/agreements');
    const select = page.getByLabel('Sale', { exact: true });
    await expectHydrated(select);
    const second = await select.locator('option').nth(1).getAttribute('value');
    expect(second).toBeTruthy();
    await select.selectOption(second!);
    await expect(page).toHaveURL(`/agreements?sale=${encodeURIComponent(second!)}`);
  });
});

test.describe('signing in', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  async function signInWithKeys(page: Page) {
    await page.goto('/sign');
    const loginId = page.getByLabel('Login id');
    await expectHydrated(loginId);
    await expect(loginId).toBeFocused();
    await page.keyboard.type(demoAccount.loginId);
    await page.keyboard.press('Tab');
    await page.keyboard.type(demoAccount.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dash$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Live dashboard' })).toBeVisible();
  }

  test('after signing in, the first Tab reaches the skip link, then the header', async ({
    page,
  }) => {
    await signInWithKeys(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
    ).toBeFocused();
  });

  test('after signing in with the mouse too', async ({ page }) => {
    await page.goto('/sign');
    await expectHydrated(page.getByLabel('Login id'));
    await page.getByLabel('Login id').fill(demoAccount.loginId);
    await page.getByLabel('Password').fill(demoAccount.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Live dashboard' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  });
});
