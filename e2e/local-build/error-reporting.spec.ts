import { expect, test, type Page } from '@playwright/test';
import {
  eventsWith,
  localModeBaseUrl,
  localModeProject,
  previewProject,
  uniqueMarker,
} from '../support/envelope-receiver-client';

/** A real unhandled error: thrown from a timer in the page, outside any React boundary. */
async function throwUnhandled(page: Page, message: string) {
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);
}

test('an unhandled error produces exactly one event, without cookies, headers or bodies', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([
    { name: 'gavel_probe', value: 'cookie-must-not-travel', url: baseURL! },
  ]);
  await page.goto('/agreements?token=query-must-not-travel');
  const marker = uniqueMarker('unhandled');
  await throwUnhandled(page, marker);

  await expect.poll(() => eventsWith(previewProject, marker), { timeout: 15_000 }).toHaveLength(1);
  // Give a duplicate time to arrive before counting again.
  await page.waitForTimeout(1_500);
  const [received] = await eventsWith(previewProject, marker);
  expect(await eventsWith(previewProject, marker)).toHaveLength(1);

  const event = received!.event;
  expect(event.environment).toBe('preview');
  expect(event.user).toBeUndefined();
  expect(event.request).toBeDefined();
  expect(Object.keys(event.request!).sort()).toEqual(expect.arrayContaining(['url']));
  for (const key of ['cookies', 'headers', 'data', 'query_string'])
    expect(event.request).not.toHaveProperty(key);
  const serialized = JSON.stringify(event);
  expect(serialized).not.toContain('cookie-must-not-travel');
  expect(serialized).not.toContain('query-must-not-travel');
});

test('an error whose message contains "Unauthorized" produces no event', async ({ page }) => {
  await page.goto('/sign');
  const ignored = uniqueMarker('ignored');
  const after = uniqueMarker('after');
  await throwUnhandled(page, `Request failed: Unauthorized (${ignored})`);
  await throwUnhandled(page, after);

  // The later error arriving proves the pipeline ran; the ignored one must not be there.
  await expect.poll(() => eventsWith(previewProject, after), { timeout: 15_000 }).toHaveLength(1);
  expect(await eventsWith(previewProject, ignored)).toHaveLength(0);
});

test('an unhandled promise rejection is reported too', async ({ page }) => {
  await page.goto('/agreements');
  const marker = uniqueMarker('rejection');
  await page.evaluate((text) => {
    void Promise.reject(new Error(text));
  }, marker);
  await expect.poll(() => eventsWith(previewProject, marker), { timeout: 15_000 }).toHaveLength(1);
});

test('with APP_ENV=local nothing is sent; the error is logged', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await page.goto(`${localModeBaseUrl}/sign`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  const marker = uniqueMarker('local');
  await throwUnhandled(page, marker);

  await expect.poll(() => logged.some((text) => text.includes(marker))).toBe(true);
  await page.waitForTimeout(3_000);
  expect(await eventsWith(localModeProject, marker)).toHaveLength(0);
  expect(await eventsWith(previewProject, marker)).toHaveLength(0);
});
