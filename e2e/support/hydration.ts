import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until React has hydrated the element: before that a button does nothing and a link is a
 * full page load, so a test that clicks too early on a slow machine tests something else. React
 * marks each node it owns with a `__reactFiber…` property; nothing else on the page has one.
 */
export async function expectHydrated(element: Locator) {
  await expect
    .poll(() =>
      element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react'))),
    )
    .toBe(true);
}

/**
 * Collects what React reports when the server's markup and the first browser render differ
 * (minified errors 418-425 in a production build): the page then renders again from scratch and
 * loses what was typed. Read the returned list at the end of the test.
 */
export function watchHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  const record = (text: string) => {
    if (/Minified React error #4(1[89]|2[0-5])\b|hydrat/i.test(text)) errors.push(text);
  };
  page.on('console', (message) => {
    if (message.type() === 'error') record(message.text());
  });
  page.on('pageerror', (error) => record(error.message));
  return errors;
}

/**
 * Holds the page's scripts until the returned function is called: the page stays the server's
 * markup, as on a slow connection, and what a test does meanwhile reaches no React handler.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
