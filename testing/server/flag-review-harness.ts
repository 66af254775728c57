import 'server-only';
import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import type { Role } from '@/lib/auth/roles';
import type { FlagState } from '@/lib/sale-desk/flags/flag-review';
import type { RecordedFlag } from '@/lib/sales/recorded-flag';
import { agreementsApi, ingestItemFactory } from './agreements-requests';
import { addStaff, signedIn, type StaffAccount } from './staff-fixture';

/**
 * The reviewers, flags and requests of the flag review suites (flag-review-suite.ts,
 * flag-gate-suite.ts, flag-context-suite.ts), with the hooks that open the database the calling
 * test file chose (PGlite or PostgreSQL) and sign the reviewers in.
 */
export function flagReviewHarness() {
  type Connection = typeof import('@/lib/server/db/connection');
  let connection: Connection;
  const origin = 'http://localhost:3000';
  const cookies: Record<string, string> = {};
  const accounts: Record<string, StaffAccount> = {};
  const staff: Record<string, Role> = {
    flo: 'clerk',
    gus: 'clerk',
    sam: 'supervisor',
    adele: 'admin',
  };
  const api = agreementsApi(() => cookies.flo!);
  // A sale of its own: on PostgreSQL the other suites share the database, and this suite's
  // escalated flags must hold back none of their agreements.
  const run = randomUUID().slice(0, 8);
  const newItem = ingestItemFactory(`flags-${run}-`, {
    auctionId: `flags-sale-${run}`,
    lotTitle: 'Flagged lot',
    amount: 100_000,
    currency: 'USD',
    closedAt: '2026-03-02T18:30:00Z',
  });

  beforeAll(async () => {
    connection = await import('@/lib/server/db/connection');
    const db = await connection.database();
    for (const [loginId, role] of Object.entries(staff)) {
      const displayName = `${loginId[0]!.toUpperCase()}${loginId.slice(1)} Reviewer`;
      accounts[loginId] = await addStaff(db, { loginId, displayName, role });
      cookies[loginId] = await signedIn(loginId);
    }
  });

  afterAll(async () => {
    if (connection) await (await connection.databaseHandle()).close();
  });

  /** A flag on a lot of its own (or the lot given), in `state`, as the recorder stores them. */
  async function insertFlag(
    lot: { auctionId: string; lotId: string } = {
      auctionId: `flags-sale-${randomUUID()}`,
      lotId: 'lot-1',
    },
    state: FlagState = 'open',
  ): Promise<string> {
    const { saleFlags } = await import('@/lib/server/db/schema');
    const db = await connection.database();
    const id = `self-raise:${lot.auctionId}/${lot.lotId}:${randomUUID()}`;
    await db.insert(saleFlags).values({
      id,
      rule: 'self-raise',
      auctionId: lot.auctionId,
      lotId: lot.lotId,
      paddles: ['P-7'],
      bidIds: [],
      raisedAt: new Date('2026-05-01T10:00:00Z'),
      timetoken: '17770000000000000',
      state,
    });
    return id;
  }

  /** A refusal that carries more than its envelope (the flag, the agreement): the envelope checked. */
  async function expectRefusal(response: Response, status: number, code: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.error).toEqual({ code, message: expect.any(String) });
    return body;
  }

  async function review(id: string, body: unknown, loginId = 'flo'): Promise<Response> {
    const { POST } = await import('@/app/api/flags/[id]/review/route');
    const request = new NextRequest(`${origin}/api/flags/${encodeURIComponent(id)}/review`, {
      method: 'POST',
      headers: {
        origin,
        'content-type': 'application/json',
        cookie: `__Host-gavel_session=${cookies[loginId]}`,
      },
      body: JSON.stringify(body),
    });
    return POST(request, { params: Promise.resolve({ id }) });
  }

  async function reviewed(id: string, body: unknown, loginId = 'flo'): Promise<RecordedFlag> {
    const response = await review(id, body, loginId);
    expect(response.status).toBe(200);
    return (await response.json()) as RecordedFlag;
  }

  return {
    ...api,
    database: () => connection.database(),
    accounts,
    newItem,
    insertFlag,
    expectRefusal,
    review,
    reviewed,
  };
}

export type FlagReviewHarness = ReturnType<typeof flagReviewHarness>;
