import 'server-only';
import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { safeParse } from 'zod/mini';
import { saleReportSchema, type SaleReport } from '@/lib/agreements/sale-report';
import { agreementsApi, type Cookie } from '@/testing/server/agreements-requests';
import { ingestLotsOk, lotItemFactory } from '@/testing/server/sales-requests';
import { staffSignedIn } from '@/testing/server/staff-fixture';

// What the sale report's tests (report-api.*.test.ts) share: the route on the file's own
// in-memory PGlite, a clerk signed in, and the catalogue and agreements a report is made of.

type Connection = typeof import('@/lib/server/db/connection');
type ReportRoute = typeof import('./route');

const origin = 'http://localhost:3000';
const sessionCookieName = '__Host-gavel_session';

export const zero = { approved: 0, pending: 0, rejected: 0, lowEstimate: 0, highEstimate: 0 };

/** Registers the file's hooks: the database opened and Rita (a clerk) signed in; then closed. */
export function reportFixture() {
  let connection: Connection;
  /** Imported after the env module has chosen the database. */
  let route: ReportRoute;
  /** A staff member's session cookie: every call given no cookie carries it. */
  let clerk: string;

  const { ingest, decide } = agreementsApi(() => clerk);

  beforeAll(async () => {
    connection = await import('@/lib/server/db/connection');
    route = await import('./route');
    clerk = await staffSignedIn(await connection.database(), {
      loginId: 'rita',
      displayName: 'Rita',
    });
  });

  afterAll(async () => {
    if (connection) await (await connection.databaseHandle()).close();
  });

  const cookieHeader = (cookie: Cookie): Record<string, string> =>
    cookie === null ? {} : { cookie: `${sessionCookieName}=${cookie}` };

  /**
   * A request to the report, the id handed to the handler as Next decodes it (the URL is for show,
   * and cannot spell a lone surrogate).
   */
  function reportRequest(auctionId: string, method = 'GET', cookie: Cookie = clerk) {
    const path = `/api/sales/${encodeURIComponent(auctionId.toWellFormed())}/report`;
    const request = new NextRequest(`${origin}${path}`, {
      method,
      headers: { origin, ...cookieHeader(cookie) },
    });
    return [request, { params: Promise.resolve({ auctionId }) }] as const;
  }

  const report = (auctionId: string, cookie: Cookie = clerk) =>
    route.GET(...reportRequest(auctionId, 'GET', cookie));

  async function reportOk(auctionId: string): Promise<SaleReport> {
    const response = await report(auctionId);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = (await response.json()) as SaleReport;
    expect(safeParse(saleReportSchema, answer).success).toBe(true);
    return answer;
  }

  /** The report without its lot table (report-lots.table.test.ts covers that). */
  async function summaryOk(auctionId: string): Promise<Omit<SaleReport, 'lots'>> {
    const { lots: _table, ...summary } = await reportOk(auctionId);
    return summary;
  }

  /** Stores one agreement as the platform sends it, decides it when told to, answers it as stored. */
  async function agreement(
    auctionId: string,
    lotId: string,
    amount: number,
    currency: string,
    decision: 'approve' | 'reject' | null = null,
  ) {
    const [stored] = await ingest([
      {
        platformId: `report-${randomUUID()}`,
        auctionId,
        lotId,
        lotTitle: `Lot ${lotId}`,
        buyer: 'Paddle 12',
        amount,
        currency,
        closedAt: '2026-03-02T18:30:00Z',
      },
    ]);
    if (decision !== null) {
      const reason = decision === 'reject' ? 'The buyer withdrew.' : undefined;
      const response = await decide(stored!.id, { decision, reason, version: stored!.version });
      expect(response.status).toBe(200);
    }
    return stored!;
  }

  /** Lots of one sale: `lotId` and the estimates (minor units) in `currency`. */
  async function catalogue(
    auctionId: string,
    lots: [lotId: string, currency: string, lowEstimate: number, highEstimate: number][],
    saleTitle = `Sale ${auctionId}`,
  ) {
    const lot = lotItemFactory(auctionId, saleTitle);
    await ingestLotsOk(
      lots.map(([lotId, currency, lowEstimate, highEstimate]) =>
        lot({ lotId, currency, lowEstimate, highEstimate, reserve: null, startingBid: 0 }),
      ),
    );
  }

  return {
    route: () => route,
    decide,
    reportRequest,
    report,
    reportOk,
    summaryOk,
    agreement,
    catalogue,
  };
}
