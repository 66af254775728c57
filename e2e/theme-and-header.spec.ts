import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ingest, uniqueAgreement } from './support/agreements';
import { holdScripts } from './support/hydration';
import { authStatePath } from './support/servers';

// The theme (contract §4: system, light or dark, stored as gavel.theme, right from the first
// frame) and the compact header at 375px (one row, the menu folds, no "Sign in" when signed in).

const darkBackground = 'rgb(21, 21, 23)';
const lightBackground = 'rgb(246, 245, 242)';

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe('theme', () => {
  test('a dark-preferring browser gets the dark pages from the first paint, before any app script runs', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    const release = await holdScripts(page);
    await page.goto('/sign', { waitUntil: 'domcontentloaded' });
    expect(await background(page)).toBe(darkBackground);
    // The first screenshot is dark too: a pixel of the page's background, decoded in a blank page.
    const shot = await page.screenshot({ clip: { x: 2, y: 300, width: 1, height: 1 } });
    const decoder = await context.newPage();
    const pixel = await decoder.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context2d = canvas.getContext('2d')!;
      context2d.drawImage(image, 0, 0);
      return [...context2d.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    }, shot.toString('base64'));
    expect(Math.max(...pixel)).toBeLessThan(48);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    release();
    await context.close();
  });

  test('the pick is stored as gavel.theme, painted at once, and kept over the system on reload', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/sign');
    expect(await background(page)).toBe(darkBackground);
    await page.getByLabel('Theme').selectOption('light');
    await expect.poll(() => background(page)).toBe(lightBackground);
    expect(await page.evaluate(() => localStorage.getItem('gavel.theme'))).toBe('light');

    const release = await holdScripts(page);
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await background(page)).toBe(lightBackground);
    release();
    await expect(page.getByLabel('Theme')).toHaveValue('light');
    await page.getByLabel('Theme').selectOption('system');
    await expect.poll(() => background(page)).toBe(darkBackground);
    await context.close();
  });

  test.describe('signed in, dark', () => {
    test.use({ storageState: authStatePath, colorScheme: 'dark' });

    for (const width of [375, 1440]) {
      test(`axe passes on /sign, /dash and /agreements in the dark theme at ${width}px`, async ({
        page,
        request,
      }) => {
        // The live dashboard alone takes axe about 3 s, many more on a loaded machine.
        test.setTimeout(60_000);
        await page.setViewportSize({ width, height: 900 });
        const item = uniqueAgreement({ amount: 15_000_000 });
        await ingest(request, [item]);
        for (const path of ['/dash', `/agreements?q=${encodeURIComponent(item.lotTitle)}`]) {
          await page.goto(path);
          await expect(page.locator('main h1')).toBeVisible();
          // Checked whole: the dashboard live with its bids, the agreements with their rows.
          const content = path === '/dash' ? '[data-testid="bid"]' : '[data-agreement-id]';
          await expect(page.locator(content).first()).toBeVisible({ timeout: 15_000 });
          expect(await background(page)).toBe(darkBackground);
          const results = await new AxeBuilder({ page }).analyze();
          expect(results.violations).toEqual([]);
        }
      });
    }
  });

  test('axe passes on /sign in the dark theme, in French', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'fr', url: baseURL! }]);
    const page = await context.newPage();
    await page.goto('/sign');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await context.close();
  });
});

test.describe('header at 375px', () => {
  test.use({ storageState: authStatePath, viewport: { width: 375, height: 800 } });

  test('one compact row; the menu folds and opens by keyboard; no "Sign in" when signed in', async ({
    page,
  }) => {
    await page.goto('/agreements');
    const header = page.locator('header.app-header');
    const box = await header.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(64);
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();

    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Agreements' })).toBeVisible();
    await expect(page.getByLabel('Theme')).toBeVisible();
    // Opening it lays the panel over the page: the header keeps its height.
    expect((await header.boundingBox())!.height).toBe(box!.height);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dash$/);
    // Following a link folds the menu.
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
