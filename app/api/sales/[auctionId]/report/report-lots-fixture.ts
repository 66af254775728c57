import 'server-only';
import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { safeParse } from 'zod/mini';
import { saleReportSchema, type SaleReport } from '@/lib/agreements/sale-report';
import type { FlagState } from '@/lib/sale-desk/flags/flag-review';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { agreementsApi } from '@/testing/server/agreements-requests';
import { addStaff, signedIn, type StaffAccount } from '@/testing/server/staff-fixture';

// What the sale report's lot table tests (report-lots.*.test.ts) share: the route on the file's
// own in-memory PGlite, a clerk signed in (who also reviews flags), the messages the recorder
// records, and the agreements the platform sends.

type Connection = typeof import('@/lib/server/db/connection');

/** Registers the file's hooks: the database opened and Rita (a clerk) signed in; then closed. */
export function reportLotsFixture() {
  let connection: Connection;
  let clerk: string;
  let reviewer: StaffAccount;
  const { ingest, decide } = agreementsApi(() => clerk);

  beforeAll(async () => {
    connection = await import('@/lib/server/db/connection');
    reviewer = await addStaff(await connection.database(), {
      loginId: 'rita',
      displayName: 'Rita',
    });
    clerk = await signedIn('rita');
  });

  afterAll(async () => {
    if (connection) await (await connection.databaseHandle()).close();
  });

  const headers = () => ({ cookie: `__Host-gavel_session=${clerk}` });

  async function reportOk(auctionId: string): Promise<SaleReport> {
    const route = await import('./route');
    const request = new NextRequest(`http://localhost:3000/api/sales/${auctionId}/report`, {
      headers: headers(),
    });
    const response = await route.GET(request, { params: Promise.resolve({ auctionId }) });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as SaleReport;
    expect(safeParse(saleReportSchema, answer).success).toBe(true);
    return answer;
  }

  /** The flags the sale's flags read lists: another query than the report's counts. */
  async function listedFlags(
    auctionId: string,
  ): Promise<{ id: string; lotId: string; state: FlagState }[]> {
    const route = await import('@/app/api/sales/[auctionId]/flags/route');
    const request = new NextRequest(`http://localhost:3000/api/sales/${auctionId}/flags`, {
      headers: headers(),
    });
    const response = await route.GET(request, { params: Promise.resolve({ auctionId }) });
    expect(response.status).toBe(200);
    return (await response.json()).items;
  }

  let serial = 0;
  const uuid = () => `00000000-0000-4000-8000-${(serial += 1).toString(16).padStart(12, '0')}`;
  let clock = 17_960_000_000_000_000;

  /** Records payloads as the recorder does, in one batch. */
  async function record(payloads: unknown[]): Promise<void> {
    const { recordMessages } = await import('@/testing/server/record-messages');
    const messages: IncomingMessage[] = payloads.map((payload) => ({
      timetoken: String((clock += 10_000)),
      payload,
    }));
    await recordMessages(await connection.database(), messages);
  }

  const messagesOf = (auctionId: string) => ({
    bid: (lotId: string, bidder: string, amount: number, bidId = uuid()) => ({
      type: 'bid.placed',
      v: 1,
      bidId,
      auctionId,
      lotId,
      lotTitle: `Title of ${lotId}`,
      bidder,
      amount,
      currency: 'EUR',
      // A minute apart: no paddle bids on four lots within ten seconds (the `burst` rule).
      placedAt: new Date(Date.UTC(2026, 10, 27, 10) + serial * 60_000).toISOString(),
    }),
    opened: (lotId: string) => ({
      type: 'lot.opened',
      v: 1,
      auctionId,
      lotId,
      openedAt: '2026-11-27T10:00:00.000Z',
      closesAt: null,
    }),
    closed: (lotId: string, winningBidId: string | null) => ({
      type: 'lot.closed',
      v: 1,
      auctionId,
      lotId,
      winningBidId,
      closedAt: '2026-11-27T11:00:00.000Z',
    }),
  });

  /** One agreement as the platform sends it, decided when told to; answers its id. */
  async function agreement(
    auctionId: string,
    lotId: string,
    { closedAt = '2026-11-27T12:00:00Z', reject = false, approve = false } = {},
  ): Promise<string> {
    const [stored] = await ingest([
      {
        platformId: `report-lots-${randomUUID()}`,
        auctionId,
        lotId,
        lotTitle: `Title of ${lotId}`,
        buyer: 'Paddle 12',
        amount: 1_000,
        currency: 'EUR',
        closedAt,
      },
    ]);
    if (reject || approve) {
      const body = reject
        ? { decision: 'reject', reason: 'The buyer withdrew.', version: stored!.version }
        : { decision: 'approve', version: stored!.version };
      expect((await decide(stored!.id, body)).status).toBe(200);
    }
    return stored!.id;
  }

  return {
    database: () => connection.database(),
    reviewer: () => reviewer,
    reportOk,
    listedFlags,
    uuid,
    record,
    messagesOf,
    agreement,
  };
}
