import { expect, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { Agreement } from '../../lib/agreements/agreement';
import type { IngestItem } from '../../lib/server/agreements/agreement-input';

/** The platform's ingest token: the embedded default unless QA names the deployment's own. */
export const platformToken = process.env.E2E_PLATFORM_TOKEN ?? 'embedded-platform-token';

/** An agreement no other test has: its lot title is a search term that finds only it. */
export function uniqueAgreement(overrides: Partial<IngestItem> = {}): IngestItem {
  const tag = randomUUID().slice(0, 8);
  return {
    platformId: `e2e-${randomUUID()}`,
    auctionId: 'e2e-sale',
    lotId: `lot-${tag}`,
    lotTitle: `E2E lot ${tag}`,
    buyer: `Paddle ${tag}`,
    amount: 1_234_500,
    currency: 'EUR',
    closedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** Sends agreements through the platform's ingest, as the auction platform does. */
export async function ingest(request: APIRequestContext, items: IngestItem[]) {
  const response = await request.post('/api/platform/agreements', {
    headers: { authorization: `Bearer ${platformToken}` },
    data: { items },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { items: Agreement[] };
  return body.items;
}
