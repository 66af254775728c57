import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';
import { ingest, uniqueAgreement } from './support/agreements';
import { authStatePath } from './support/servers';

const languages = ['en', 'fr'] as const;
const widths = [375, 1440];
// /sign is only for the signed out, /dash only for the signed in; /agreements for both.
const visits = [
  { screens: ['/sign', '/agreements'], signedIn: false },
  { screens: ['/dash', '/agreements'], signedIn: true },
];

interface AxeVisit {
  baseURL: string;
  language: string;
  width: number;
  screen: string;
  signedIn: boolean;
}

async function axeViolations(
  browser: Browser,
  { baseURL, language, width, screen, signedIn }: AxeVisit,
) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    storageState: signedIn ? authStatePath : undefined,
  });
  try {
    if (signedIn) await ingest(context.request, [uniqueAgreement()]);
    await context.addCookies([{ name: 'NEXT_LOCALE', value: language, url: baseURL }]);
    const page = await context.newPage();
    await page.goto(screen);
    await expect(page).toHaveURL(new RegExp(`${screen}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The dashboard is checked live, with bids in the feed and lots on the board.
    if (screen === '/dash')
      await expect(page.getByTestId('bid').first()).toBeVisible({ timeout: 15_000 });
    // Signed in, the agreements are checked with rows (one of its own, whatever the data).
    if (screen === '/agreements' && signedIn)
      await expect(page.locator('[data-agreement-id]').first()).toBeVisible();
    return (await new AxeBuilder({ page }).analyze()).violations;
  } finally {
    await context.close();
  }
}

// One test per screen, language and width: each analysed whole (the live dashboard alone takes
// axe about 3 s on a quiet machine, several times that on a loaded one).
for (const language of languages)
  for (const width of widths)
    for (const { screens, signedIn } of visits)
      for (const screen of screens)
        test(`axe finds no violations on ${screen} ${signedIn ? 'signed in' : 'signed out'} in ${language} at ${width}px`, async ({
          browser,
          baseURL,
        }) => {
          test.setTimeout(60_000);
          const violations = await axeViolations(browser, {
            baseURL: baseURL!,
            language,
            width,
            screen,
            signedIn,
          });
          expect(violations).toEqual([]);
        });
