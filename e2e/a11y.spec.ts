import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';
import { ingest, uniqueAgreement } from './support/agreements';
import { authStatePath } from './support/servers';

const languages = ['en', 'fr'] as const;
const widths = [375, 1440];
// /sign is only for the signed out, /dash only for the signed in; /agreements for both.
const visits = [
  { screens: ['/sign', '/agreements'], storageState: undefined },
  { screens: ['/dash', '/agreements'], storageState: authStatePath },
];

async function axeViolations(browser: Browser, baseURL: string, language: string, width: number) {
  const found: { screen: string; violations: unknown[] }[] = [];
  for (const { screens, storageState } of visits) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, storageState });
    if (storageState) await ingest(context.request, [uniqueAgreement()]);
    await context.addCookies([{ name: 'NEXT_LOCALE', value: language, url: baseURL }]);
    const page = await context.newPage();
    for (const screen of screens) {
      await page.goto(screen);
      await expect(page).toHaveURL(new RegExp(`${screen}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The dashboard is checked live, with bids in the feed and lots on the board.
      if (screen === '/dash')
        await expect(page.getByTestId('bid').first()).toBeVisible({ timeout: 15_000 });
      // Signed in, the agreements are checked with rows (one of its own, whatever the data).
      if (screen === '/agreements' && storageState)
        await expect(page.locator('[data-agreement-id]').first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      found.push({ screen, violations: results.violations });
    }
    await context.close();
  }
  return found;
}

for (const language of languages) {
  for (const width of widths) {
    test(`axe finds no violations in ${language} at ${width}px, signed out and in`, async ({
      browser,
      baseURL,
    }) => {
      // Four screens, each analysed whole (the live dashboard alone takes axe about 3 s here).
      test.setTimeout(60_000);
      const results = await axeViolations(browser, baseURL!, language, width);
      expect(results.length).toBe(4);
      for (const result of results)
        expect(result).toEqual({ screen: result.screen, violations: [] });
    });
  }
}
