import { expect, type Locator } from '@playwright/test';

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
