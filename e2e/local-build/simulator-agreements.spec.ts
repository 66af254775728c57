import { expect, test } from '@playwright/test';
import { authStatePath } from '../support/servers';

test.use({ storageState: authStatePath });

// The simulator's platform ids: `<auction>:<lot>:<winning bid id>`.
const simulatorPlatformId = /^[\w-]+:lot-\d+:[0-9a-f-]{36}$/;

async function simulatorAgreements(request: import('@playwright/test').APIRequestContext) {
  let found = 0;
  let cursor = '';
  do {
    const response = await request.get(`/api/agreements?limit=100&cursor=${cursor}`);
    expect(response.status()).toBe(200);
    const page = (await response.json()) as {
      items: { platformId: string }[];
      nextCursor: string | null;
    };
    found += page.items.filter((item) => simulatorPlatformId.test(item.platformId)).length;
    cursor = page.nextCursor ?? '';
  } while (cursor);
  return found;
}

test('sold lots from the simulator arrive as pending agreements', async ({ request }) => {
  test.setTimeout(150_000);
  await expect
    .poll(() => simulatorAgreements(request), { timeout: 120_000, intervals: [2_000] })
    .toBeGreaterThan(0);
});
