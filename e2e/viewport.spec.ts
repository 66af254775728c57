import { expect, test } from '@playwright/test';

const shell = '.app-shell';

test('the mobile flag is on at 700px, off at 701px, and follows a live resize', async ({
  page,
}) => {
  await page.setViewportSize({ width: 700, height: 800 });
  await page.goto('/agreements');
  await expect(page.locator(shell)).toHaveAttribute('data-layout', 'mobile');

  await page.setViewportSize({ width: 701, height: 800 });
  await expect(page.locator(shell)).toHaveAttribute('data-layout', 'desktop');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.locator(shell)).toHaveAttribute('data-layout', 'mobile');

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.locator(shell)).toHaveAttribute('data-layout', 'desktop');
});

test('a page first loaded at 701px is desktop; at 375px it is mobile', async ({ browser }) => {
  for (const [width, layout] of [
    [701, 'desktop'],
    [375, 'mobile'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto('/sign');
    await expect(page.locator(shell)).toHaveAttribute('data-layout', layout);
    // No horizontal scrolling at either width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  }
});
