import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectHydrated } from '../support/hydration';
import { waitForLive } from '../support/live-page';
import { signInThroughForm } from '../support/sign-in';
import {
  rehearsalAdmin,
  rehearsalKeys,
  rehearsalPlatformToken,
  rehearsalRelayOrigin,
  rehearsalTokenTtlMinutes,
} from './rehearsal';

// What a deployment runs, end to end (contract §16): `next start` with APP_ENV=production on
// PostgreSQL, PubNub with Access Manager (the relay with a secret key) reached through
// PUBNUB_ORIGIN, the browser on a token bound to its client id, the recorder signing its reads.

interface RealtimeConfig {
  origin: string;
  token: string | null;
  tokenTtlSeconds: number | null;
}

async function signIn(page: Page) {
  await signInThroughForm(page, rehearsalAdmin);
  await waitForLive(page);
}

/** A bid the feed did not show before arrives (the feed renders only the rows in view). */
async function expectNewBid(page: Page) {
  const ids = () =>
    page
      .getByTestId('bid')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-bid-id')));
  const seen = new Set(await ids());
  await expect
    .poll(async () => (await ids()).some((id) => !seen.has(id)), { timeout: 20_000 })
    .toBe(true);
}

test('signs in and follows live bids on an Access Manager token', async ({ page }) => {
  await signIn(page);
  const config = (await (await page.request.get('/api/realtime/config')).json()) as RealtimeConfig;
  expect(config.origin).toBe(rehearsalRelayOrigin);
  expect(config.token).toEqual(expect.any(String));
  expect(config.tokenTtlSeconds).toBe(rehearsalTokenTtlMinutes * 60);
  await expectNewBid(page);
});

test('a token is bound to its client id: another one is refused', async ({ page }) => {
  await signIn(page);
  const owner = randomUUID();
  const answer = await page.request.get(`/api/realtime/config?clientId=${owner}`);
  const { token } = (await answer.json()) as RealtimeConfig;
  const handshake = (uuid: string) =>
    page.request.get(
      `http://${rehearsalRelayOrigin}/v2/subscribe/${rehearsalKeys.subscribeKey}/bids/0?tt=0&uuid=${uuid}&auth=${token}`,
    );
  expect((await handshake(owner)).status()).toBe(200);
  const stolen = await handshake(randomUUID());
  expect(stolen.status()).toBe(403);
  expect(await stolen.json()).toMatchObject({ status: 403, message: 'Forbidden' });
});

test('refreshes its token before it expires, and the bids go on past the expiry', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const configs: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/realtime/config') && response.ok()) configs.push(Date.now());
  });
  await signIn(page);
  const liveSince = Date.now();
  // Past the first token's expiry (a minute) and a little more.
  await page.waitForTimeout(rehearsalTokenTtlMinutes * 60_000 + 15_000);
  // What staff see first: still live, bids still arriving on a token granted since.
  await expectNewBid(page);
  await expect(page.locator('.connection-chip')).toHaveAttribute('data-state', 'live');
  expect(configs.filter((at) => at > liveSince).length).toBeGreaterThanOrEqual(1);
});

test('the recorder records the sale with the secret key', async ({ page }) => {
  await signIn(page);
  const sales = (await (await page.request.get('/api/sales')).json()) as {
    items: { auctionId: string }[];
  };
  expect(sales.items.length).toBeGreaterThan(0);
  const auctionId = sales.items[0]!.auctionId;
  const through = async () =>
    (
      (await (await page.request.get(`/api/sales/${auctionId}`)).json()) as {
        recordedThrough: string | null;
      }
    ).recordedThrough;
  const first = await through();
  expect(first).toMatch(/^\d{17}$/);
  await expect
    .poll(async () => BigInt((await through()) ?? '0'), { timeout: 20_000 })
    .toBeGreaterThan(BigInt(first!));
});

test('an agreement the platform sends is approved on /agreements', async ({ page }) => {
  await signIn(page);
  const tag = randomUUID().slice(0, 8);
  const lotTitle = `Rehearsal lot ${tag}`;
  const ingest = await page.request.post('/api/platform/agreements', {
    headers: { authorization: `Bearer ${rehearsalPlatformToken}` },
    data: {
      items: [
        {
          platformId: `rehearsal-${tag}`,
          auctionId: 'rehearsal-sale',
          lotId: `lot-${tag}`,
          lotTitle,
          buyer: `Paddle ${tag}`,
          amount: 250_000,
          currency: 'EUR',
          closedAt: new Date(Date.now() - 60_000).toISOString(),
        },
      ],
    },
  });
  expect(ingest.status()).toBe(200);
  await page.goto(`/agreements?q=${encodeURIComponent(lotTitle)}`);
  const row = page.locator('[data-agreement-id]').filter({ hasText: lotTitle });
  await expect(row).toHaveCount(1);
  await expectHydrated(row);
  await row.getByRole('button', { name: /^Approve:/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(row).toContainText('Approved by Ops Lead');
});
