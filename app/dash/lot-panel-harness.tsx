// Shared by the lot panel's tests: a lot's row and bids, the panel rendered in en or fr, and the
// console's record behind `GET /api/sales/{auctionId}/lots/{lotId}/bids?cursor=` (jsdom has no
// fetch: the network is the boundary faked here). It answers as the route does: newest first, in
// pages of 100, each bid with its rise over the one before; the cursor is the page's oldest.
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { StoredBid } from '@/lib/sale-desk/stored-messages';
import type { SaleLotRow } from '@/lib/sales/sale-view';
import { LotPanel } from './lot-panel';

export const row: SaleLotRow = {
  key: JSON.stringify(['cars-a', 'lot-2']),
  auctionId: 'cars-a',
  lotId: 'lot-2',
  lotNumber: 2,
  lotTitle: '1967 Ford Mustang Shelby GT500',
  currency: 'EUR',
  lowEstimate: 100_000,
  highEstimate: 200_000,
  highBid: 120_000,
  bidCount: 3,
  leader: 'Paddle 1',
  lastBidAt: null,
  startedAt: null,
  open: true,
  phase: 'open',
  status: 'open',
  closesAt: null,
  reserve: 'near',
  flags: 0,
  sold: false,
  hammer: null,
  buyer: null,
  closedTimetoken: null,
};

export const bid = (
  n: number,
  bidder: string,
  amount: number,
  auctionId = 'cars-a',
): StoredBid => ({
  type: 'bid.placed',
  v: 1,
  bidId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  auctionId,
  lotId: 'lot-2',
  lotTitle: row.lotTitle,
  bidder,
  amount,
  currency: 'EUR',
  placedAt: '2026-11-21T10:00:00.000Z',
  timetoken: String(17_637_000_000_000_000 + n * 10_000),
});

const pageSize = 100;

/** The record's bids and how it answers, set by each test; the reads it was asked for. */
export const recordRoute = {
  recorded: [] as StoredBid[],
  /** The lot's close as the record has it: the route flags the bids after it late. */
  recordedClose: null as string | null,
  failing: false,
  /** The record does not answer until the read is cancelled, as a real fetch would. */
  hanging: false,
  calls: [] as string[],
  signals: [] as AbortSignal[],
};

function answer(status: number, body: unknown) {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(),
    text: async () => JSON.stringify(body),
  } as unknown as Response;
}

function recordAnswer(path: string): Response {
  const url = new URL(path, 'http://localhost');
  const match = /^\/api\/sales\/([^/]+)\/lots\/([^/]+)\/bids$/.exec(url.pathname);
  const [auctionId, lotId] = (match?.slice(1) ?? []).map(decodeURIComponent);
  const bids = recordRoute.recorded
    .filter((bid) => bid.auctionId === auctionId && bid.lotId === lotId)
    .sort((a, b) => (BigInt(a.timetoken) > BigInt(b.timetoken) ? -1 : 1));
  if (!match || bids.length === 0)
    return answer(404, { error: { code: 'not_found', message: 'There is no such lot.' } });
  const cursor = url.searchParams.get('cursor');
  const after = bids.filter((bid) => cursor === null || BigInt(bid.timetoken) < BigInt(cursor));
  const shown = after.slice(0, pageSize);
  return answer(200, {
    items: shown.map((bid, index) => {
      const before = after[index + 1];
      return {
        bidId: bid.bidId,
        bidder: bid.bidder,
        amount: bid.amount,
        currency: bid.currency,
        placedAt: bid.placedAt,
        increment: before ? bid.amount - before.amount : null,
        timetoken: bid.timetoken,
        late:
          recordRoute.recordedClose !== null &&
          BigInt(bid.timetoken) > BigInt(recordRoute.recordedClose),
      };
    }),
    nextCursor: after.length > pageSize ? shown.at(-1)!.timetoken : null,
  });
}

/** Installs the record as the test file's fetch (registers hooks): call at the file's top level. */
export function fakeLotRecord() {
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    recordRoute.recorded = [];
    recordRoute.recordedClose = null;
    recordRoute.failing = false;
    recordRoute.hanging = false;
    recordRoute.calls = [];
    recordRoute.signals = [];
    globalThis.fetch = jest.fn(async (path: RequestInfo | URL, init?: RequestInit) => {
      recordRoute.calls.push(`${init?.method ?? 'GET'} ${String(path)}`);
      if (init?.signal) recordRoute.signals.push(init.signal);
      if (recordRoute.hanging)
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('The read was cancelled', 'AbortError')),
          ),
        );
      if (recordRoute.failing)
        return answer(503, { error: { code: 'unavailable', message: 'Try again later.' } });
      return recordAnswer(String(path));
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
}

export const bidsPath = '/api/sales/cars-a/lots/lot-2/bids';

export function renderPanel(
  bids: StoredBid[],
  counted = row.bidCount,
  shown: Partial<SaleLotRow> = {},
  locale: 'en' | 'fr' = 'en',
) {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <LotPanel
        auctionId="cars-a"
        lotId="lot-2"
        row={{ ...row, bidCount: counted, ...shown }}
        catalogueLoaded
        bids={bids}
      />
    </NextIntlClientProvider>,
  );
}

export const closedOn = (winning: StoredBid): Partial<SaleLotRow> => ({
  open: false,
  phase: 'closed',
  status: 'sold',
  sold: true,
  hammer: winning.amount,
  buyer: winning.bidder,
  closedTimetoken: String(BigInt(winning.timetoken) + 1n),
});
