import { expect, test } from '@playwright/test';
import { payloadEncrypter } from '../../relay/encrypt';
import { demoAccount, e2eCipherKey, encryptedBaseUrl, encryptedPort } from '../support/servers';
import { testBid } from '../support/relay';

const relay = `http://localhost:${encryptedPort + 1000}`;

async function publishRaw(payload: unknown) {
  const encoded = encodeURIComponent(JSON.stringify(payload));
  return (await fetch(`${relay}/publish/embedded-pub/embedded-sub/0/bids/0/${encoded}?uuid=e2e`))
    .status;
}

test('with a cipher key, encrypted bids render; other keys, empty payloads and bad headers are dropped and counted', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto(`${encryptedBaseUrl}/sign`);
  await page.getByLabel('Login id').fill(demoAccount.loginId);
  await page.getByLabel('Password').fill(demoAccount.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dash$/);
  await expect(page.locator('.connection-chip')).toHaveText('Live', { timeout: 15_000 });
  // The simulator publishes encrypted: its bids render once decrypted.
  await expect(page.getByTestId('bid').first()).toBeVisible({ timeout: 10_000 });

  const ours = testBid(`cipher-${crypto.randomUUID().slice(0, 8)}`, 1);
  expect(await publishRaw(payloadEncrypter(e2eCipherKey)(ours))).toBe(200);
  expect(
    await publishRaw(
      payloadEncrypter('another-key')({ ...testBid('other-key', 2), lotTitle: 'WRONG KEY' }),
    ),
  ).toBe(200);
  expect(await publishRaw('')).toBe(200);
  expect(await publishRaw(Buffer.from('PNED').toString('base64'))).toBe(200);
  expect(
    await publishRaw(Buffer.from('PNED\x02ACRH\x10' + 'x'.repeat(32)).toString('base64')),
  ).toBe(200);

  await expect(page.locator(`[data-bid-id="${ours.bidId}"]`)).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('dropped')).toHaveText(
    /Not shown: \d+ invalid, ([3-9]|\d{2,}) undecryptable/,
    { timeout: 10_000 },
  );
  await expect(page.getByText('WRONG KEY')).toHaveCount(0);
  await context.close();
});
