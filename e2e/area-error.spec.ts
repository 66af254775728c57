import { expect, test, type Page } from '@playwright/test';
import { expectHydrated } from './support/hydration';
import { authStatePath } from './support/servers';

test.use({ storageState: authStatePath });

/**
 * Makes the dashboard's own client code fail to load, as after a deploy or on a flaky network:
 * every script chunk that carries the dashboard's service check answers 503.
 */
async function breakDashboardCode(page: Page) {
  const outage = { over: false };
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    try {
      const response = await route.fetch();
      const body = await response.text();
      if (!outage.over && body.includes('service-status-title')) {
        await route.fulfill({ status: 503, body: 'unavailable' });
      } else {
        await route.fulfill({ response, body });
      }
    } catch (error) {
      // A full page load (the router's fallback when a chunk fails) disposes the chunk
      // requests still in flight, and the end of the test those still running: nothing is left
      // to answer for those.
      if (!/disposed|closed|destroyed|test ended/i.test(String(error))) throw error;
    }
  });
  return outage;
}

for (const [language, texts] of [
  [
    'en',
    {
      nav: 'Dashboard',
      title: 'This page could not be shown',
      retry: 'Try again',
      heading: 'Live dashboard',
    },
  ],
  [
    'fr',
    {
      nav: 'Tableau de bord',
      title: 'Impossible d’afficher cette page',
      retry: 'Réessayer',
      heading: 'Tableau de bord en direct',
    },
  ],
] as const) {
  test(`an area that fails to render shows the ${language} error screen, and its retry works`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'NEXT_LOCALE', value: language, url: baseURL! }]);
    await page.goto('/agreements');
    const outage = await breakDashboardCode(page);
    // A client-side navigation: the area fails inside a console that keeps working.
    const dashboardLink = page.getByRole('navigation').getByRole('link', { name: texts.nav });
    await expectHydrated(dashboardLink);
    await dashboardLink.click();

    const errorHeading = page.getByRole('heading', { level: 1, name: texts.title });
    await expect(errorHeading).toBeVisible({ timeout: 15_000 });
    await expect(errorHeading).toBeFocused();
    await expect(page.getByText(/ChunkLoadError|at \w+ \(/)).toHaveCount(0);
    // The rest of the console still works around the failed area.
    await expect(page.getByRole('navigation')).toBeVisible();

    outage.over = true;
    await page.getByRole('button', { name: texts.retry }).click();
    await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
    await expect(page.getByRole('button', { name: texts.retry })).toHaveCount(0);
  });
}
