import { expect, test, type Page } from '@playwright/test';
import { authStatePath } from '../support/servers';
import { publishToRelay, testBid } from '../support/relay';

test.use({ storageState: authStatePath });

const chip = (page: Page) => page.locator('.connection-chip');

/** Every bid id in the feed, newest first, scrolling the virtualized list from top to bottom. */
async function feedBidIds(page: Page): Promise<string[]> {
  const scroller = page.locator('.feed__scroller');
  const { scrollHeight, clientHeight } = await scroller.evaluate((element) => ({
    scrollHeight: element.scrollHeight,
    clientHeight: element.clientHeight,
  }));
  const byOffset = new Map<number, string>();
  for (let top = 0; top <= scrollHeight; top += Math.max(48, Math.floor(clientHeight / 2))) {
    await scroller.evaluate((element, offset) => (element.scrollTop = offset), top);
    await page.waitForTimeout(60);
    // Where each row sits in the whole list (rendered rows and the spacer above them).
    const rows = await page.getByTestId('bid').evaluateAll((items) =>
      items.map((item) => ({
        id: item.getAttribute('data-bid-id')!,
        offset: Math.round(
          item.getBoundingClientRect().top - item.parentElement!.getBoundingClientRect().top,
        ),
      })),
    );
    for (const row of rows) byOffset.set(row.offset, row.id);
  }
  return [...byOffset].sort(([a], [b]) => a - b).map(([, id]) => id);
}

test('offline for 10 s while 50 bids are published: the chip leaves live, then all 50 appear once, in order', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.goto('/dash');
  await expect(chip(page)).toHaveText('Live', { timeout: 15_000 });

  await context.setOffline(true);
  const wentOffline = Date.now();
  await expect(chip(page)).not.toHaveText('Live', { timeout: 5_000 });

  const lotId = `offline-${crypto.randomUUID().slice(0, 8)}`;
  const published: string[] = [];
  for (let index = 0; index < 50; index += 1) {
    const bid = testBid(lotId, index);
    expect(await publishToRelay(bid)).toBe(200);
    published.push(bid.bidId);
  }
  await page.waitForTimeout(Math.max(0, 10_000 - (Date.now() - wentOffline)));
  // Offline as long as the browser is: its retries failed meanwhile, and it is not reconnecting.
  await expect(chip(page)).toHaveAttribute('data-state', 'offline');
  await context.setOffline(false);

  await expect(chip(page)).toHaveText('Live', { timeout: 30_000 });
  await expect(page.getByText(/^Reconnected: \d+ bids? replayed\.$/)).toBeVisible({
    timeout: 10_000,
  });
  await page.getByRole('button', { name: 'Pause' }).click();
  const ids = await feedBidIds(page);
  const ours = ids.filter((id) => published.includes(id));
  expect(ours).toEqual([...published].reverse());
});

test('malformed, mistyped, incomplete, oversized and duplicate messages are never shown, and are counted', async ({
  page,
}) => {
  await page.goto('/dash');
  await expect(chip(page)).toHaveText('Live', { timeout: 15_000 });
  const marker = `MALFORMED-${crypto.randomUUID().slice(0, 8)}`;
  const valid = { ...testBid(`dup-${marker}`, 1), lotTitle: `Duplicate ${marker}` };
  const bad: unknown[] = [
    { type: 'bid.placed', v: 1, lotTitle: marker },
    { ...testBid(marker, 1), lotTitle: marker, amount: '1000' },
    { ...testBid(marker, 2), lotTitle: marker, amount: 10.5 },
    { ...testBid(marker, 3), lotTitle: marker, currency: 'euro' },
    { ...testBid(marker, 4), lotTitle: marker, v: 2 },
    { ...testBid(marker, 5), lotTitle: marker, bidId: 'not-a-uuid' },
    `${marker} just a string`,
    42,
    [marker],
    { type: 'bid.retracted', lotTitle: marker },
  ];
  for (const payload of bad) expect(await publishToRelay(payload)).toBe(200);
  expect(
    await publishToRelay({
      ...testBid(marker, 6),
      lotTitle: marker.repeat(1) + 'x'.repeat(1024 * 1024),
    }),
  ).toBe(413);
  expect(await publishToRelay(valid)).toBe(200);
  expect(await publishToRelay(valid)).toBe(200);

  await expect(page.getByTestId('dropped')).toHaveText(
    /Not shown: ([1-9]\d*) invalid, \d+ undecryptable, ([1-9]\d*) of unknown type, ([1-9]\d*) duplicates?\./,
    { timeout: 10_000 },
  );
  const text = await page.getByTestId('dropped').innerText();
  const [, invalid, unknown, duplicates] = text.match(
    /(\d+) invalid, \d+ undecryptable, (\d+) of unknown type, (\d+) duplicates?/,
  )!;
  expect(Number(invalid)).toBeGreaterThanOrEqual(9);
  expect(Number(unknown)).toBeGreaterThanOrEqual(1);
  expect(Number(duplicates)).toBeGreaterThanOrEqual(1);
  await expect(
    page.getByText(marker, { exact: false }).filter({ hasNotText: 'Duplicate' }),
  ).toHaveCount(0);
  await expect(
    page
      .getByRole('row', { name: new RegExp(`Duplicate ${marker}`) })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('1');
});
