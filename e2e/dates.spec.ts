import { expect, test } from '@playwright/test';
import { ingest, uniqueAgreement } from './support/agreements';
import { watchHydrationErrors } from './support/hydration';
import { authStatePath } from './support/servers';

test.use({ storageState: authStatePath });

const minutes = 60_000;

test.describe('in the viewer’s time zone', () => {
  // Far from the servers' UTC: a date in the wrong zone shows a different hour, often a day.
  test.use({ timezoneId: 'Pacific/Auckland' });

  test('decision times show in the browser’s zone, from the server’s first markup on', async ({
    page,
    request,
    baseURL,
  }) => {
    const hydrationErrors = watchHydrationErrors(page);
    const [stored] = await ingest(request, [uniqueAgreement()]);
    const decided = await request.post(`/api/agreements/${stored!.id}/decision`, {
      headers: { origin: new URL(baseURL!).origin },
      data: { decision: 'approve', reason: '', version: 1 },
    });
    expect(decided.status()).toBe(200);
    const { decidedAt } = (await decided.json()) as { decidedAt: string };
    const filtered = `/agreements?${new URLSearchParams({ status: 'approved', q: stored!.lotTitle })}`;
    const local = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'short' }).format(
          new Date(iso),
        ),
      decidedAt,
    );
    const expected = `Approved by Demo Staff, ${local}`;

    await page.goto(filtered);
    await expect(page.locator('[data-agreement-id]')).toContainText(expected);

    // The browser told the server its zone: the next page comes already in it, and stays.
    const html = await (await page.request.get(filtered)).text();
    expect(html.replace(/\u202f/g, ' ')).toContain(expected.replace(/\u202f/g, ' '));
    await page.reload();
    await expect(page.locator('[data-agreement-id]')).toContainText(expected);
    expect(hydrationErrors).toEqual([]);
  });
});

test('a browser clock ahead of the server’s: no mismatch, and the age follows the browser', async ({
  page,
  request,
}) => {
  const hydrationErrors = watchHydrationErrors(page);
  const [stored] = await ingest(request, [
    uniqueAgreement({ closedAt: new Date(Date.now() - 5 * minutes).toISOString() }),
  ]);
  await page.clock.install({ time: new Date(Date.now() + 10 * minutes) });

  await page.goto(`/agreements?${new URLSearchParams({ q: stored!.lotTitle })}`);
  const row = page.locator('[data-agreement-id]');
  await expect(row).toContainText('15 minutes ago');
  await page.clock.runFor(2 * minutes);
  await expect(row).toContainText('17 minutes ago');
  expect(hydrationErrors).toEqual([]);
});
