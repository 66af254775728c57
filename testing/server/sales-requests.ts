import 'server-only';
import { NextRequest } from 'next/server';
import type { CatalogueLot, RecordedSale, SaleList } from '@/lib/sales/lot';
import type { LotItem } from '@/lib/server/sales/lot-input';
import { platformToken, type Cookie } from './agreements-requests';

// Requests to the catalogue routes for the API tests, sent to the route handlers directly. As in
// agreements-requests.ts, the handlers are imported at the first request, after the test file's
// env module has chosen the database.

const origin = 'http://localhost:3000';
// Written out rather than imported, so that a test notices a rename on the wire.
const sessionCookieName = '__Host-gavel_session';

/** Request headers; one set to `undefined` is left out. */
type Headers = Record<string, string | undefined>;

/** `POST /api/platform/lots`: one stored lot an item sent, how many were new, how many changed. */
export interface LotIngestAnswer {
  items: CatalogueLot[];
  created: number;
  updated: number;
}

async function importRoutes() {
  const ingest = await import('@/app/api/platform/lots/route');
  const sales = await import('@/app/api/sales/route');
  const sale = await import('@/app/api/sales/[auctionId]/route');
  return { ingest, sales, sale };
}
let imported: ReturnType<typeof importRoutes> | undefined;
/** Every exported method of the three routes (the 405 tests call them all). */
export const salesRoutes = () => (imported ??= importRoutes());

const withoutUnset = (headers: Headers): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

const cookieHeader = (cookie: Cookie): Record<string, string> =>
  cookie === null ? {} : { cookie: `${sessionCookieName}=${cookie}` };

/** A string as it is (malformed JSON, a lone surrogate escaped by hand); anything else as JSON. */
const bodyOf = (body: unknown): BodyInit =>
  typeof body === 'string' ? body : JSON.stringify(body);

/** `POST /api/platform/lots` as the platform sends it, with the embedded token. */
export function lotsRequest(body: unknown, headers: Headers = {}): NextRequest {
  return new NextRequest(`${origin}/api/platform/lots`, {
    method: 'POST',
    headers: withoutUnset({
      authorization: `Bearer ${platformToken}`,
      'content-type': 'application/json',
      ...headers,
    }),
    body: bodyOf(body),
  });
}

/** The catalogue ingest route, handed any request. */
export async function sendLots(request: NextRequest): Promise<Response> {
  return (await salesRoutes()).ingest.POST(request);
}

/** Sends a batch and expects it stored: 200, not cached, `{items, created, updated}`. */
export async function ingestLotsOk(items: unknown[]): Promise<LotIngestAnswer> {
  const response = await sendLots(lotsRequest({ items }));
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as LotIngestAnswer;
}

/** The sale reads as staff call them; a call given no cookie carries `staff()`'s session. */
export function salesApi(staff: () => Cookie = () => null) {
  async function list(cookie: Cookie = staff()): Promise<Response> {
    const request = new NextRequest(`${origin}/api/sales`, { headers: cookieHeader(cookie) });
    return (await salesRoutes()).sales.GET(request);
  }

  async function listOk(): Promise<SaleList> {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return (await response.json()) as SaleList;
  }

  /**
   * `GET /api/sales/{auctionId}`, the id handed to the handler as Next decodes it. (The handler
   * reads only the param; the URL is for show, and cannot spell a lone surrogate.)
   */
  async function sale(auctionId: string, cookie: Cookie = staff()): Promise<Response> {
    const path = `/api/sales/${encodeURIComponent(auctionId.toWellFormed())}`;
    const request = new NextRequest(`${origin}${path}`, {
      headers: cookieHeader(cookie),
    });
    return (await salesRoutes()).sale.GET(request, {
      params: Promise.resolve({ auctionId }),
    });
  }

  async function saleOk(auctionId: string): Promise<RecordedSale> {
    const response = await sale(auctionId);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return (await response.json()) as RecordedSale;
  }

  return { list, listOk, sale, saleOk };
}

/**
 * Makes valid catalogue items for one sale, numbered 1, 2, 3… with lot ids of their own. `change`
 * overrides fields, or breaks the item (a wrong type, an extra field) for the validation tests.
 */
export function lotItemFactory(auctionId: string, saleTitle = `Sale ${auctionId}`) {
  let serial = 0;
  return (change: Record<string, unknown> = {}): LotItem => {
    serial += 1;
    return {
      auctionId,
      saleTitle,
      lotId: `lot-${serial}`,
      lotNumber: serial,
      lotTitle: `Lot ${serial}`,
      currency: 'EUR',
      lowEstimate: 100_000 * serial,
      highEstimate: 150_000 * serial,
      reserve: 90_000 * serial,
      startingBid: 50_000 * serial,
      scheduledCloseAt: '2026-06-01T18:00:00.000Z',
      ...change,
    };
  };
}
