import 'server-only';
import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import type { Agreement } from '@/lib/agreements/agreement';
import type { Role } from '@/lib/auth/roles';
import type { FlagGate, FlagState } from '@/lib/sale-desk/flags/flag-review';
import type { RecordedFlag } from '@/lib/sales/recorded-flag';
import type { AgreementHistory } from '@/lib/agreements/agreement';
import {
  agreementsApi,
  expectProblem,
  ingestItemFactory,
  staffPassword,
} from './agreements-requests';
import { recordMessages } from './record-messages';
import { ingestLotsOk, lotItemFactory } from './sales-requests';

/**
 * Flags reviewed together and the gate (contract §14), through the route handlers and the
 * decision functions, on the database the calling test file chose (PGlite or PostgreSQL). The
 * gate's matrix is written out as a table: it is the oracle, not `gatedStates`.
 */
export function describeFlagReview() {
  type Connection = typeof import('@/lib/server/db/connection');
  let connection: Connection;
  const origin = 'http://localhost:3000';
  const cookies: Record<string, string> = {};
  const accounts: Record<string, { id: string; loginId: string; displayName: string; role: Role }> =
    {};
  const staff: Record<string, Role> = {
    flo: 'clerk',
    gus: 'clerk',
    sam: 'supervisor',
    adele: 'admin',
  };
  const { signIn, ingest, decide, decideMany, historyOk, listOk } = agreementsApi(
    () => cookies.flo!,
  );
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
    const { createAccount } = await import('@/lib/server/auth/accounts');
    const db = await connection.database();
    for (const [loginId, role] of Object.entries(staff)) {
      const account = await createAccount(db, {
        loginId,
        displayName: `${loginId[0]!.toUpperCase()}${loginId.slice(1)} Reviewer`,
        password: staffPassword,
        role,
      });
      accounts[loginId] = { id: account.id, loginId, displayName: account.displayName, role };
      cookies[loginId] = await signIn(loginId);
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

  describe('POST /api/flags/{id}/review', () => {
    it('escalates an open flag with a note, then a supervisor clears it: both reviews kept', async () => {
      const id = await insertFlag();
      const escalated = await reviewed(id, { outcome: 'escalated', note: '  Same paddle twice  ' });
      expect(escalated).toMatchObject({
        id,
        state: 'escalated',
        reviews: [
          {
            outcome: 'escalated',
            note: 'Same paddle twice',
            loginId: 'flo',
            displayName: 'Flo Reviewer',
          },
        ],
      });
      const cleared = await reviewed(id, { outcome: 'cleared', note: 'Called the bidder' }, 'sam');
      expect(cleared.state).toBe('cleared');
      expect(cleared.reviews.map((r) => [r.outcome, r.loginId])).toEqual([
        ['escalated', 'flo'],
        ['cleared', 'sam'],
      ]);
      expect(Date.parse(cleared.reviews[1]!.reviewedAt)).toBeGreaterThanOrEqual(
        Date.parse(cleared.reviews[0]!.reviewedAt),
      );
      // Each review is in the activity log (§15) with its outcome and note.
      const { activityEvents } = await import('@/lib/server/db/schema');
      const { eq } = await import('drizzle-orm');
      const logged = await (
        await connection.database()
      )
        .select()
        .from(activityEvents)
        .where(eq(activityEvents.subject, id))
        .orderBy(activityEvents.id);
      expect(logged.map((event) => [event.kind, event.actorLoginId, event.detail])).toEqual([
        [
          'flag_reviewed',
          'flo',
          expect.objectContaining({ outcome: 'escalated', note: 'Same paddle twice' }),
        ],
        [
          'flag_reviewed',
          'sam',
          expect.objectContaining({ outcome: 'cleared', note: 'Called the bidder' }),
        ],
      ]);
    });

    it('a clerk may clear an open flag but not an escalated one (403, the flag unchanged)', async () => {
      expect((await reviewed(await insertFlag(), { outcome: 'cleared', note: 'ok' })).state).toBe(
        'cleared',
      );
      const id = await insertFlag(undefined, 'escalated');
      const refused = await review(id, { outcome: 'cleared', note: 'looks fine' }, 'gus');
      await expectRefusal(refused, 403, 'forbidden');
      expect((await reviewed(id, { outcome: 'cleared', note: 'checked' }, 'adele')).state).toBe(
        'cleared',
      );
    });

    it.each([
      ['a cleared flag, cleared again', 'cleared', 'cleared'],
      ['a cleared flag, escalated', 'cleared', 'escalated'],
      ['an escalated flag, escalated again', 'escalated', 'escalated'],
    ] as const)('%s: 409 with the flag as it is', async (_name, state, outcome) => {
      const id = await insertFlag(undefined, state);
      const response = await review(id, { outcome, note: 'late' }, 'sam');
      const body = (await expectRefusal(response, 409, 'conflict')) as { flag: RecordedFlag };
      expect(body.flag).toMatchObject({ id, state });
    });

    it('of two reviews of one flag at once, one wins and the other gets 409', async () => {
      const id = await insertFlag();
      // Both clear: whichever comes second meets a cleared flag, 409 in either order. (A clerk's
      // clear after another's escalation would be a 403 instead: the order would decide.)
      const answers = await Promise.all([
        review(id, { outcome: 'cleared', note: 'first' }, 'flo'),
        review(id, { outcome: 'cleared', note: 'second' }, 'gus'),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const { flagReviews } = await import('@/lib/server/db/schema');
      const { eq } = await import('drizzle-orm');
      const db = await connection.database();
      expect(await db.select().from(flagReviews).where(eq(flagReviews.flagId, id))).toHaveLength(1);
    });

    it.each([
      ['no note', { outcome: 'cleared' }],
      ['an empty note', { outcome: 'cleared', note: '   ' }],
      ['a note of 501 characters', { outcome: 'cleared', note: 'n'.repeat(501) }],
      ['an unknown outcome', { outcome: 'ignored', note: 'x' }],
      ['a control character', { outcome: 'cleared', note: 'a\u0000b' }],
      ['an extra field', { outcome: 'cleared', note: 'x', state: 'open' }],
    ])('%s: 400, nothing kept', async (_name, body) => {
      const id = await insertFlag();
      await expectProblem(await review(id, body), 400, 'bad_request');
      expect((await reviewed(id, { outcome: 'cleared', note: 'still open' })).reviews).toHaveLength(
        1,
      );
    });

    it('404 for a flag that does not exist', async () => {
      await expectProblem(
        await review('self-raise:nowhere/lot:none', { outcome: 'cleared', note: 'x' }),
        404,
        'not_found',
      );
    });
  });

  describe('the gate through the API (FLAG_GATE unset: escalated)', () => {
    it('refuses the approval with 409 flag_unresolved naming the flag; rejection goes through', async () => {
      const [held, rejected] = await ingest([newItem(), newItem()]);
      const heldFlag = await insertFlag(held!, 'escalated');
      await insertFlag(rejected!, 'escalated');
      const refused = await decide(held!.id, { decision: 'approve', version: held!.version });
      const body = (await expectRefusal(refused, 409, 'flag_unresolved')) as {
        agreement: Agreement;
        flags: { id: string; rule: string; state: string }[];
      };
      expect(body.flags).toEqual([{ id: heldFlag, rule: 'self-raise', state: 'escalated' }]);
      expect(body.agreement).toMatchObject({ id: held!.id, status: 'pending' });
      const reject = await decide(rejected!.id, {
        decision: 'reject',
        reason: 'Bidder could not be reached',
        version: rejected!.version,
      });
      expect(reject.status).toBe(200);
      // Cleared by a supervisor, the same approval goes through.
      await reviewed(heldFlag, { outcome: 'cleared', note: 'Checked with the floor' }, 'sam');
      const approved = await decide(held!.id, { decision: 'approve', version: held!.version });
      expect(approved.status).toBe(200);
    });

    it('a bulk approval refuses the held item only, with its flags', async () => {
      const [held, free] = await ingest([newItem(), newItem()]);
      const flag = await insertFlag(held!, 'escalated');
      const response = await decideMany({
        decision: 'approve',
        items: [held!, free!].map(({ id, version }) => ({ id, version })),
      });
      expect(response.status).toBe(200);
      const { results: items } = (await response.json()) as {
        results: { id: string; status: number; error?: { code: string }; flags?: unknown[] }[];
      };
      expect(items.map((item) => [item.id, item.status, item.error?.code])).toEqual([
        [held!.id, 409, 'flag_unresolved'],
        [free!.id, 200, undefined],
      ]);
      expect(items[0]!.flags).toEqual([{ id: flag, rule: 'self-raise', state: 'escalated' }]);
    });
  });

  describe('GET /api/agreements: each item with its lot context', () => {
    it('sale title, lot number and flags by state, across sales; nulls and zeros for a lot unknown', async () => {
      const tag = randomUUID().slice(0, 8);
      const saleA = `ctx-a-${tag}`;
      const saleB = `ctx-b-${tag}`;
      await ingestLotsOk([lotItemFactory(saleA, 'Sale A')(), lotItemFactory(saleB, 'Sale B')()]);
      const items = await ingest([
        newItem({ auctionId: saleA, lotId: 'lot-1', lotTitle: `ctx ${tag} a` }),
        newItem({ auctionId: saleB, lotId: 'lot-1', lotTitle: `ctx ${tag} b` }),
        newItem({ auctionId: saleB, lotId: 'lot-9', lotTitle: `ctx ${tag} c` }),
      ]);
      await insertFlag({ auctionId: saleA, lotId: 'lot-1' }, 'open');
      await insertFlag({ auctionId: saleA, lotId: 'lot-1' }, 'escalated');
      await insertFlag({ auctionId: saleB, lotId: 'lot-1' }, 'cleared');
      const page = await listOk(`?q=${encodeURIComponent(`ctx ${tag}`)}&limit=10`);
      const byId = new Map(page.items.map((item) => [item.id, item]));
      expect(byId.get(items[0]!.id)).toMatchObject({
        saleTitle: 'Sale A',
        lotNumber: 1,
        flags: { open: 1, escalated: 1, cleared: 0 },
      });
      expect(byId.get(items[1]!.id)).toMatchObject({
        saleTitle: 'Sale B',
        lotNumber: 1,
        flags: { open: 0, escalated: 0, cleared: 1 },
      });
      expect(byId.get(items[2]!.id)).toMatchObject({
        saleTitle: null,
        lotNumber: null,
        flags: { open: 0, escalated: 0, cleared: 0 },
      });
    });
  });

  describe("GET /api/agreements/{id}: the lot's story", () => {
    it('tells the catalogue, the record and the flags with their reviews; null for a lot the catalogue lacks', async () => {
      const auctionId = `story-${randomUUID()}`;
      const [lot] = (await ingestLotsOk([lotItemFactory(auctionId, 'Story Sale')()])).items;
      const bid = (n: number, bidder: string, amount: number) => ({
        type: 'bid.placed',
        v: 1,
        bidId: randomUUID(),
        auctionId,
        lotId: lot!.lotId,
        lotTitle: lot!.lotTitle,
        bidder,
        amount,
        currency: 'EUR',
        placedAt: new Date(Date.UTC(2026, 10, 28, 10, 0, n)).toISOString(),
      });
      const bids = [bid(1, 'P-1', 100_000), bid(2, 'P-2', 110_000), bid(3, 'P-2', 120_000)];
      const close = {
        type: 'lot.closed',
        v: 1,
        auctionId,
        lotId: lot!.lotId,
        winningBidId: bids[2]!.bidId,
        closedAt: '2026-11-28T10:05:00.000Z',
      };
      const base = 17_960_000_000_000_000 + Math.floor(Math.random() * 1e9) * 10_000;
      await recordMessages(
        await connection.database(),
        [...bids, close].map((payload, n) => ({
          timetoken: String(base + n * 10_000),
          payload,
        })),
      );
      const [agreement, stranger] = await ingest([
        newItem({ auctionId, lotId: lot!.lotId, lotTitle: lot!.lotTitle, amount: 120_000 }),
        newItem(),
      ]);
      // P-2 raised its own high bid: the recorder raised a self-raise; escalated with a note.
      const { flags: before } = (await historyOk(agreement!.id)).lot!;
      expect(before.map((f) => [f.rule, f.state])).toEqual([['self-raise', 'open']]);
      await reviewed(before[0]!.id, { outcome: 'escalated', note: 'Same paddle' });

      const { lot: story } = (await historyOk(agreement!.id)) as AgreementHistory;
      expect(story).toMatchObject({
        auctionId,
        lotId: lot!.lotId,
        saleTitle: 'Story Sale',
        lotNumber: 1,
        lowEstimate: 100_000,
        highEstimate: 150_000,
        status: 'sold',
        hammer: 120_000,
        buyer: 'P-2',
        underbidder: 'P-1',
        bids: 3,
        bidders: 2,
        reserveState: 'met',
      });
      expect(story!.flags).toHaveLength(1);
      expect(story!.flags[0]).toMatchObject({
        rule: 'self-raise',
        state: 'escalated',
        paddles: ['P-2'],
        reviews: [{ outcome: 'escalated', note: 'Same paddle', loginId: 'flo' }],
      });
      expect((await historyOk(stranger!.id)).lot).toBeNull();
    });
  });

  // The matrix: FLAG_GATE × the flag's state × the way of approving. `held` is the oracle.
  const held: Record<FlagGate, Record<FlagState, boolean>> = {
    escalated: { open: false, escalated: true, cleared: false },
    open: { open: true, escalated: true, cleared: false },
    off: { open: false, escalated: false, cleared: false },
  };
  const ways = ['single', 'bulk', 'second approval'] as const;
  const matrix = (Object.keys(held) as FlagGate[]).flatMap((gate) =>
    (['open', 'escalated', 'cleared'] as const).flatMap((state) =>
      ways.map((way) => [gate, state, way, held[gate][state]] as const),
    ),
  );

  describe('the gate, every FLAG_GATE × flag state × way of approving', () => {
    it.each(matrix)(
      'FLAG_GATE=%s, a flag %s, %s: held back %p',
      async (gate, state, way, isHeld) => {
        const { decideAgreement } = await import('@/lib/server/agreements/decide');
        const { decideAgreements } = await import('@/lib/server/agreements/bulk-decide');
        const db = await connection.database();
        // USD 100,000.00 needs two approvals (the default threshold), less needs one.
        const amount = way === 'second approval' ? 10_000_000 : 500_000;
        const [agreement] = await ingest([newItem({ amount })]);
        let version = agreement!.version;
        if (way === 'second approval') {
          const first = await decideAgreement(
            db,
            agreement!.id,
            { decision: 'approve', reason: null, version },
            accounts.flo!,
            { gate },
          );
          expect(first.outcome).toBe('decided');
          version += 1;
        }
        await insertFlag(agreement!, state);
        const approve = { decision: 'approve' as const, reason: null, version };
        const approver = way === 'second approval' ? accounts.sam! : accounts.gus!;
        const outcome =
          way === 'bulk'
            ? ((
                await decideAgreements(
                  db,
                  { decision: 'approve', reason: null, items: [{ id: agreement!.id, version }] },
                  approver,
                  { gate },
                )
              )[0]!.error?.code ?? 'decided')
            : (await decideAgreement(db, agreement!.id, approve, approver, { gate })).outcome;
        expect(outcome).toBe(isHeld ? 'flag_unresolved' : 'decided');
        // Rejection is never gated.
        if (isHeld) {
          const rejected = await decideAgreement(
            db,
            agreement!.id,
            { decision: 'reject', reason: 'Flag not resolved', version },
            approver,
            { gate },
          );
          expect(rejected.outcome).toBe('decided');
        }
      },
    );
  });
}
