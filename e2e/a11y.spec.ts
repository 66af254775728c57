import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const screens = ['/sign', '/dash', '/agreements'];
const languages = ['en', 'fr'] as const;
const widths = [375, 1440];

for (const language of languages) {
  for (const width of widths) {
    test(`axe finds no violations in ${language} at ${width}px`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addCookies([{ name: 'NEXT_LOCALE', value: language, url: baseURL! }]);
      const page = await context.newPage();
      for (const screen of screens) {
        await page.goto(screen);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        expect({ screen, violations: results.violations }).toEqual({ screen, violations: [] });
      }
      await context.close();
    });
  }
}
