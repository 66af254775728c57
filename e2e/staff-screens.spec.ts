import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectHydrated } from './support/hydration';
import { authStatePath } from './support/servers';

// The §15 screens as the demo admin sees them, in both languages, on a phone and a desktop: no
// sideways scroll, nothing axe finds, the header's row in one line at 1440 px, and the keyboard
// reaching each screen's first control.
test.use({ storageState: authStatePath });

const screens = [
  { path: '/staff', en: 'Staff', fr: 'Personnel', control: /Add staff member|Ajouter/ },
  { path: '/account', en: 'Your account', fr: 'Mon compte', control: /Change password|Changer/ },
  { path: '/activity', en: 'Activity', fr: 'Activité', control: /Apply|Appliquer/ },
] as const;

for (const locale of ['en', 'fr'] as const) {
  for (const width of [375, 1440]) {
    test(`/staff, /account and /activity in ${locale} at ${width} px`, async ({
      page,
      baseURL,
    }) => {
      await page.context().addCookies([{ name: 'NEXT_LOCALE', value: locale, url: baseURL! }]);
      await page.setViewportSize({ width, height: 900 });
      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('heading', { level: 1, name: screen[locale] })).toBeVisible();
        const control = page.getByRole('button', { name: screen.control }).first();
        await expectHydrated(control);
        expect(
          await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
          `${screen.path} scrolls sideways`,
        ).toBeLessThanOrEqual(0);
        if (width === 1440) {
          // Every link and setting of the header on its one row.
          const header = await page.locator('.app-header').boundingBox();
          const brand = await page.locator('.app-header__brand').boundingBox();
          expect(header!.height, `${screen.path}: the header wraps`).toBeLessThan(
            brand!.height + 48,
          );
        }
        const axe = await new AxeBuilder({ page }).analyze();
        expect(axe.violations, `${screen.path} in ${locale}`).toEqual([]);
      }
    });
  }
}
