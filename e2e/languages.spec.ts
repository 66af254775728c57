import { expect, test } from '@playwright/test';
import { authStatePath } from './support/servers';

test.describe('server negotiation on the first byte', () => {
  test('Accept-Language fr-CA with nothing stored renders French with lang="fr"', async ({
    request,
  }) => {
    const response = await request.get('/sign', {
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="fr"/);
    expect(html).toContain('<title>Connexion · Console Gavel</title>');
  });

  test('Accept-Language de-DE renders English', async ({ request }) => {
    const html = await (
      await request.get('/sign', { headers: { 'accept-language': 'de-DE' } })
    ).text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"/);
    expect(html).toContain('<title>Sign in · Gavel console</title>');
  });

  test('the NEXT_LOCALE cookie beats Accept-Language', async ({ request }) => {
    const html = await (
      await request.get('/agreements', {
        headers: { 'accept-language': 'en-US', cookie: 'NEXT_LOCALE=fr' },
      })
    ).text();
    expect(html).toMatch(/<html lang="fr"/);
    expect(html).toContain('Accords en attente');
  });
});

test.describe('in the browser', () => {
  test('a French browser with nothing stored sees French', async ({ browser }) => {
    const context = await browser.newContext({
      locale: 'fr-CA',
      extraHTTPHeaders: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    const page = await context.newPage();
    await page.goto('/sign');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await context.close();
  });

  test('a stored fr beats an English browser', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addInitScript(() => window.localStorage.setItem('gavel.locale', 'fr'));
    const page = await context.newPage();
    await page.goto('/agreements');
    await expect(page.getByRole('heading', { level: 1, name: 'Accords en attente' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await context.close();
  });

  test.describe('signed in', () => {
    test.use({ storageState: authStatePath });
    test('switching to English on /dash re-renders without a navigation and survives a reload', async ({
      page,
      context,
      baseURL,
    }) => {
      await context.addCookies([{ name: 'NEXT_LOCALE', value: 'fr', url: baseURL! }]);
      await page.goto('/dash');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Tableau de bord en direct' }),
      ).toBeVisible();
      // A marker on window disappears with any full page load.
      await page.evaluate(() => ((window as unknown as { gavelMarker: number }).gavelMarker = 42));
      let documentLoads = 0;
      page.on('load', () => (documentLoads += 1));

      await page.getByLabel('Langue').selectOption('en');

      await expect(page.getByRole('heading', { level: 1, name: 'Live dashboard' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByLabel('Language')).toHaveValue('en');
      expect(
        await page.evaluate(() => (window as unknown as { gavelMarker?: number }).gavelMarker),
      ).toBe(42);
      expect(documentLoads).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('gavel.locale'))).toBe('en');

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Live dashboard' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });

  test('the switcher is on every screen and works by keyboard', async ({ page }) => {
    for (const path of ['/sign', '/agreements']) {
      await page.goto(path);
      await expect(page.getByLabel('Language')).toBeVisible();
    }
    await page.getByLabel('Language').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('heading', { level: 1, name: 'Accords en attente' })).toBeVisible();
  });
});
