import { test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { platformToken } from './agreements';
import { consolePort, demoAccount } from './servers';

/** The embedded relay of the console on port 3100 (scripts/start.mjs: PORT + 1000). */
export const relayUrl = 'http://localhost:4100';
const embeddedKeys = { publish: 'embedded-pub', subscribe: 'embedded-sub' };

/** The console the suite runs against: a deployment QA names, or the local e2e console. */
export const targetUrl = process.env.PLAYWRIGHT_BASE_URL ?? `http://localhost:${consolePort}`;
const external = process.env.PLAYWRIGHT_BASE_URL !== undefined;

/**
 * Why the specs that publish bids cannot run against the target, or null when they can: against a
 * deployment they publish with its keyset's publish key, which only QA can give.
 */
export const publishingUnavailable =
  external && !process.env.E2E_PUBNUB_PUBLISH_KEY
    ? "publishes bids on the target: set E2E_PUBNUB_PUBLISH_KEY (its keyset's publish key) to run it against PLAYWRIGHT_BASE_URL"
    : null;

interface PublishTarget {
  /** Where to publish, with its scheme. */
  origin: string;
  publishKey: string;
  subscribeKey: string;
}

let publishTarget: Promise<PublishTarget> | null = null;

/** The target's realtime settings, read as its own browsers read them: signed in as the demo account. */
async function targetRealtime(): Promise<PublishTarget> {
  const signIn = await fetch(`${targetUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(targetUrl).origin },
    body: JSON.stringify(demoAccount),
  });
  if (!signIn.ok) throw new Error(`signing in on ${targetUrl} answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const answer = await fetch(`${targetUrl}/api/realtime/config`, { headers: { cookie } });
  if (!answer.ok) throw new Error(`${targetUrl}/api/realtime/config answered ${answer.status}`);
  const config = (await answer.json()) as { origin: string; ssl: boolean; subscribeKey: string };
  return {
    origin: `${config.ssl ? 'https' : 'http'}://${config.origin}`,
    publishKey: process.env.E2E_PUBNUB_PUBLISH_KEY!,
    subscribeKey: config.subscribeKey,
  };
}

/** Where to publish; a test that publishes is skipped, with the reason, when it cannot. */
function target(): Promise<PublishTarget> {
  test.skip(publishingUnavailable !== null, publishingUnavailable ?? '');
  publishTarget ??= external
    ? targetRealtime()
    : Promise.resolve({
        origin: relayUrl,
        publishKey: embeddedKeys.publish,
        subscribeKey: embeddedKeys.subscribe,
      });
  return publishTarget;
}

/** Publishes each payload in turn, as a platform would; throws at the first the relay refuses. */
export async function publishAll(payloads: unknown[]): Promise<void> {
  for (const payload of payloads) {
    const status = await publishToRelay(payload);
    if (status !== 200) throw new Error(`the relay answered ${status} to a publish`);
  }
}

/** Publishes on `bids` the way the simulator and PubNub clients do; returns the HTTP status. */
export async function publishToRelay(payload: unknown): Promise<number> {
  const { origin, publishKey, subscribeKey } = await target();
  const encoded = encodeURIComponent(JSON.stringify(payload));
  const response = await fetch(
    `${origin}/publish/${publishKey}/${subscribeKey}/0/bids/0/${encoded}?uuid=e2e-publisher`,
  );
  return response.status;
}

export function testBid(lotId: string, index: number) {
  return {
    type: 'bid.placed',
    v: 1,
    bidId: crypto.randomUUID(),
    auctionId: 'e2e-auction',
    lotId,
    lotTitle: `E2E lot ${lotId}`,
    bidder: `E2E bidder ${index}`,
    amount: 100_000 + index * 1_000,
    currency: 'EUR',
    placedAt: new Date().toISOString(),
  };
}

/**
 * The pid of the relay of the console on `consolePort`, found from its environment (the relay
 * derives its own port from the console's PORT).
 */
export function relayPid(consolePort = '3100'): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('relay/main.ts')) continue;
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(`PORT=${consolePort}`)) return Number(entry);
    } catch {
      // The process ended meanwhile.
    }
  }
  return null;
}

/**
 * Who is present on `bids` by the relay's own count (here-now, as the SDK asks it): user ids,
 * but the console's recorder, which subscribes too and is not staff (docs/adr/0035).
 */
export async function presentOnRelay(): Promise<string[]> {
  const response = await fetch(
    `${relayUrl}/v2/presence/sub-key/${embeddedKeys.subscribe}/channel/bids?uuid=e2e-observer`,
  );
  const body = (await response.json()) as { uuids: (string | { uuid: string })[] };
  return body.uuids
    .map((entry) => (typeof entry === 'string' ? entry : entry.uuid))
    .filter((uuid) => uuid !== 'gavel-recorder');
}

/** A catalogue lot for `POST /api/platform/lots` (docs/product-contract.md §11). */
export interface TestLot {
  auctionId: string;
  saleTitle: string;
  lotId: string;
  lotNumber: number;
  lotTitle: string;
  currency?: string;
  lowEstimate?: number;
  highEstimate?: number;
  reserve?: number | null;
  scheduledCloseAt?: string | null;
}

/** Ingests lots as the platform does, on the target (or `consoleUrl`); returns the status. */
export async function ingestLots(lots: TestLot[], consoleUrl = targetUrl) {
  const response = await fetch(`${consoleUrl}/api/platform/lots`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${platformToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      items: lots.map((lot) => ({
        currency: 'EUR',
        lowEstimate: 100_000,
        highEstimate: 10_000_000,
        reserve: null,
        startingBid: 50_000,
        scheduledCloseAt: null,
        ...lot,
      })),
    }),
  });
  return response.status;
}

/** A `bid.placed` on one lot of one sale; `amount` in minor units. */
export function saleBid(
  lot: Pick<TestLot, 'auctionId' | 'lotId' | 'lotTitle'>,
  bidder: string,
  amount: number,
) {
  return {
    type: 'bid.placed',
    v: 1,
    bidId: crypto.randomUUID(),
    auctionId: lot.auctionId,
    lotId: lot.lotId,
    lotTitle: lot.lotTitle,
    bidder,
    amount,
    currency: 'EUR',
    placedAt: new Date().toISOString(),
  };
}

/** A `lot.opened` (docs/product-contract.md §11): bidding on the lot starts, closing at `closesAt`. */
export function lotOpened(lot: Pick<TestLot, 'auctionId' | 'lotId'>, closesAt: string | null) {
  return {
    type: 'lot.opened',
    v: 1,
    auctionId: lot.auctionId,
    lotId: lot.lotId,
    openedAt: new Date().toISOString(),
    closesAt,
  };
}

/** A `lot.closed` (docs/product-contract.md §6.2): the hammer falls on `winningBidId`, or unsold. */
export function lotClosed(lot: Pick<TestLot, 'auctionId' | 'lotId'>, winningBidId: string | null) {
  return {
    type: 'lot.closed',
    v: 1,
    auctionId: lot.auctionId,
    lotId: lot.lotId,
    winningBidId,
    closedAt: new Date().toISOString(),
  };
}
