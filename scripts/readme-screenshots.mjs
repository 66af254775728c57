// Writes the README's screenshots (docs/screenshot-*.png) from a production console of its own
// (port 3350, the simulator bidding and closing lots), both themes: `node scripts/readme-screenshots.mjs`
// after `next build`. Not a test: pictures for people, retaken when the screens change.
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startConsole } from '../bench/console-server.mjs';

const port = 3350;
const baseUrl = `http://localhost:${port}`;
const docs = join(import.meta.dirname, '..', 'docs');
const executablePath = existsSync(chromium.executablePath()) ? undefined : '/usr/bin/chromium';

const { stop } = await startConsole({ port, env: { SIMULATOR_RATE: '6' } });
const browser = await chromium.launch({ executablePath });
try {
  /** A signed-in page in a theme, a language and a width. */
  async function signedIn({ theme, locale = 'en', width }) {
    const context = await browser.newContext({
      viewport: { width, height: width < 700 ? 800 : 900 },
      colorScheme: theme,
    });
    await context.addCookies([{ name: 'NEXT_LOCALE', value: locale, url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/sign`);
    await page.locator('input[name=loginId]').fill('demo');
    await page.locator('input[name=password]').fill('demo-password');
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(/\/dash$/);
    return page;
  }

  // Bids and closed lots for half a minute: a board with figures, agreements waiting.
  await new Promise((resolve) => setTimeout(resolve, 30_000));

  const light = await signedIn({ theme: 'light', width: 1440 });
  await light.waitForTimeout(5_000);
  await light.screenshot({ path: join(docs, 'screenshot-dash.png') });
  await light.goto(`${baseUrl}/agreements`);
  await light.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await light.screenshot({ path: join(docs, 'screenshot-agreements.png') });

  const dark = await signedIn({ theme: 'dark', width: 1440 });
  const firstSale = dark.locator('a[href^="/dash?sale="]').first();
  await firstSale.click();
  await dark.waitForTimeout(5_000);
  await dark.screenshot({ path: join(docs, 'screenshot-dash-dark.png') });

  const phone = await signedIn({ theme: 'dark', locale: 'fr', width: 375 });
  await phone.goto(`${baseUrl}/agreements`);
  await phone.getByRole('button', { name: 'Menu' }).click();
  await phone.screenshot({ path: join(docs, 'screenshot-mobile-fr.png') });
} finally {
  await browser.close();
  await stop();
}
