import 'server-only';
import { NextRequest } from 'next/server';
import type { Agreement, AgreementHistory, AgreementPage } from '@/lib/agreements/agreement';
import type { IngestItem } from '@/lib/server/agreements/agreement-input';

// Requests to the agreements routes for the API tests (PGlite and PostgreSQL), sent to the route
// handlers directly. The handlers are imported at the first request, never with this module: the
// env module each test file imports first (memory-database-env, postgres-database-env) must have
// chosen the database before any server module loads.

const origin = 'http://localhost:3000';
// Written out rather than imported, so that a test notices a rename on the wire.
const sessionCookieName = '__Host-gavel_session';
/** The embedded default token: the test files clear PLATFORM_TOKEN. */
export const platformToken = 'embedded-platform-token';

/** A session cookie's value; `null`: signed out (not `undefined`, which picks the default). */
export type Cookie = string | null;
/** Request headers; one set to `undefined` is left out. */
type Headers = Record<string, string | undefined>;

/** `POST /api/platform/agreements`: one agreement an item sent, and how many were new. */
export interface IngestAnswer {
  items: Agreement[];
  created: number;
}

async function importRoutes() {
  const ingest = await import('@/app/api/platform/agreements/route');
  const list = await import('@/app/api/agreements/route');
  const history = await import('@/app/api/agreements/[id]/route');
  const decision = await import('@/app/api/agreements/[id]/decision/route');
  const decisions = await import('@/app/api/agreements/decisions/route');
  const reopen = await import('@/app/api/agreements/[id]/reopen/route');
  return {
    ingest: ingest.POST,
    list: list.GET,
    history: history.GET,
    decision: decision.POST,
    decisions: decisions.POST,
    reopen: reopen.POST,
  };
}
let imported: ReturnType<typeof importRoutes> | undefined;
const routes = () => (imported ??= importRoutes());

const withoutUnset = (headers: Headers): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

const cookieHeader = (cookie: Cookie): Record<string, string> =>
  cookie === null ? {} : { cookie: `${sessionCookieName}=${cookie}` };

/** A string or bytes as they are (malformed JSON, a body without a type); anything else as JSON. */
const bodyOf = (body: unknown): BodyInit =>
  // `instanceof` narrows to Uint8Array<ArrayBufferLike>, which BodyInit does not name; every
  // Uint8Array a test makes (TextEncoder) is backed by an ArrayBuffer.
  typeof body === 'string' || body instanceof Uint8Array
    ? (body as BodyInit)
    : JSON.stringify(body);

const idParams = (id: string) => ({ params: Promise.resolve({ id }) });

/** `POST /api/platform/agreements` as the platform sends it, with the embedded token. */
export function ingestRequest(body: unknown, headers: Headers = {}): NextRequest {
  return new NextRequest(`${origin}/api/platform/agreements`, {
    method: 'POST',
    headers: withoutUnset({
      authorization: `Bearer ${platformToken}`,
      'content-type': 'application/json',
      ...headers,
    }),
    body: bodyOf(body),
  });
}

/** The platform ingest route, handed any request. */
export async function sendIngest(request: NextRequest): Promise<Response> {
  return (await routes()).ingest(request);
}

/** Asserts an error answer: its status, no caching, and `{error: {code, message}}` with a message. */
export async function expectProblem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = await response.json();
  expect(body).toEqual({ error: { code, message: expect.any(String) } });
  expect(body.error.message.length).toBeGreaterThan(0);
  return body as { error: { code: string; message: string } };
}

/**
 * The agreements API as staff and the platform call it. A call given no cookie carries `staff()`'s
 * session, read at the call: the test file signs its staff in (staff-fixture.ts) after making the
 * client.
 */
export function agreementsApi(staff: () => Cookie = () => null) {
  async function ingestOk(items: unknown[]): Promise<IngestAnswer> {
    const response = await sendIngest(ingestRequest({ items }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return (await response.json()) as IngestAnswer;
  }

  const ingest = async (items: unknown[]): Promise<Agreement[]> => (await ingestOk(items)).items;

  async function list(query: string, cookie: Cookie = staff()): Promise<Response> {
    const request = new NextRequest(`${origin}/api/agreements${query}`, {
      headers: cookieHeader(cookie),
    });
    return (await routes()).list(request);
  }

  async function listOk(query: string): Promise<AgreementPage> {
    const response = await list(query);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return (await response.json()) as AgreementPage;
  }

  async function history(id: string, cookie: Cookie = staff()): Promise<Response> {
    const request = new NextRequest(`${origin}/api/agreements/${encodeURIComponent(id)}`, {
      headers: cookieHeader(cookie),
    });
    return (await routes()).history(request, idParams(id));
  }

  async function historyOk(id: string): Promise<AgreementHistory> {
    const response = await history(id);
    expect(response.status).toBe(200);
    return (await response.json()) as AgreementHistory;
  }

  /** A same-origin JSON mutation carrying the session. */
  const mutation = (path: string, body: unknown, cookie: Cookie, headers: Headers) =>
    new NextRequest(`${origin}${path}`, {
      method: 'POST',
      headers: withoutUnset({
        origin,
        'content-type': 'application/json',
        ...cookieHeader(cookie),
        ...headers,
      }),
      body: bodyOf(body),
    });

  async function decide(
    id: string,
    body: unknown,
    cookie: Cookie = staff(),
    headers: Headers = {},
  ): Promise<Response> {
    const path = `/api/agreements/${encodeURIComponent(id)}/decision`;
    return (await routes()).decision(mutation(path, body, cookie, headers), idParams(id));
  }

  /** `POST /api/agreements/decisions`. */
  async function decideMany(
    body: unknown,
    cookie: Cookie = staff(),
    headers: Headers = {},
  ): Promise<Response> {
    return (await routes()).decisions(mutation('/api/agreements/decisions', body, cookie, headers));
  }

  /** `POST /api/agreements/{id}/reopen`. */
  async function reopen(
    id: string,
    body: unknown,
    cookie: Cookie = staff(),
    headers: Headers = {},
  ): Promise<Response> {
    const path = `/api/agreements/${encodeURIComponent(id)}/reopen`;
    return (await routes()).reopen(mutation(path, body, cookie, headers), idParams(id));
  }

  return {
    ingestOk,
    ingest,
    list,
    listOk,
    history,
    historyOk,
    decide,
    decideMany,
    reopen,
  };
}

/** What one sale's lots have in common; each item adds its serial to the title and the amount. */
export interface Sale {
  auctionId: string;
  lotTitle: string;
  amount: number;
  currency: string;
  closedAt: string;
}

const classicCarSale: Sale = {
  auctionId: 'new-york-classic-cars-2026',
  lotTitle: 'Classic car',
  amount: 1_000_000,
  currency: 'USD',
  closedAt: '2026-03-02T18:30:00Z',
};

/**
 * Makes valid ingest items, each with a platform id, lot and buyer of its own. `change` overrides
 * fields, or breaks the item (a wrong type, an extra field) for the validation tests.
 */
export function ingestItemFactory(platformIdPrefix: string, sale: Sale = classicCarSale) {
  let serial = 0;
  return (change: Record<string, unknown> = {}): IngestItem => {
    serial += 1;
    return {
      platformId: `${platformIdPrefix}${String(serial).padStart(5, '0')}`,
      auctionId: sale.auctionId,
      lotId: `lot-${serial}`,
      lotTitle: `${sale.lotTitle} ${serial}`,
      buyer: `Paddle ${serial}`,
      amount: sale.amount + serial,
      currency: sale.currency,
      closedAt: sale.closedAt,
      ...change,
    };
  };
}
