import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Agreement, AgreementHistory } from '@/lib/agreements/agreement';
import type { Role } from '@/lib/auth/roles';
import {
  agreementsApi,
  expectProblem,
  ingestItemFactory,
  staffPassword,
} from './agreements-requests';

/**
 * Roles and four-eyes approval (contract §12) through the route handlers: the role table, two
 * approvals above the threshold, bulk decisions and reopening. One suite for both databases: the
 * test file that calls it has chosen PGlite or PostgreSQL (its env module) and cleared
 * APPROVAL_THRESHOLDS, so the contract's default applies. The login ids are plain (`alice`): the
 * database must not have them already (a fresh PGlite, or `npm run test:postgres`'s cluster).
 */
export function describeFourEyes() {
  type Connection = typeof import('@/lib/server/db/connection');
  let connection: Connection;

  /** Session cookies by login id: two clerks, a supervisor and an admin. */
  const cookies: Record<string, string> = {};
  const staff: Record<string, Role> = {
    alice: 'clerk',
    bob: 'clerk',
    sue: 'supervisor',
    ada: 'admin',
  };
  const names: Record<string, string> = {
    alice: 'Alice Martin',
    bob: 'Bob Stone',
    sue: 'Sue Grant',
    ada: 'Ada Lowe',
  };

  const { signIn, ingest, listOk, historyOk, decide, decideMany, reopen } = agreementsApi(
    () => cookies.alice!,
  );
  const newItem = ingestItemFactory('four-eyes-');

  /** USD 100,000.00: exactly at the default threshold. */
  const atThreshold = 10_000_000;
  const below = { amount: atThreshold - 1 };
  const above = { amount: atThreshold };

  beforeAll(async () => {
    connection = await import('@/lib/server/db/connection');
    const { createAccount } = await import('@/lib/server/auth/accounts');
    const db = await connection.database();
    for (const [loginId, role] of Object.entries(staff)) {
      await createAccount(db, {
        loginId,
        displayName: names[loginId]!,
        password: staffPassword,
        role,
      });
      cookies[loginId] = await signIn(loginId);
    }
  });

  afterAll(async () => {
    if (connection) await (await connection.databaseHandle()).close();
  });

  const ingestOne = async (change: Record<string, unknown> = {}) =>
    (await ingest([newItem(change)]))[0]!;

  async function approveAs(loginId: string, agreement: Agreement): Promise<Response> {
    return decide(
      agreement.id,
      { decision: 'approve', version: agreement.version },
      cookies[loginId]!,
    );
  }

  async function okJson<T>(response: Response): Promise<T> {
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  }

  describe('how many approvals an agreement needs', () => {
    it.each([
      ['USD 99,999.99', { amount: 9_999_999, currency: 'USD' }, 1],
      ['USD 100,000.00', { amount: 10_000_000, currency: 'USD' }, 2],
      ['JPY 99,999', { amount: 99_999, currency: 'JPY' }, 1],
      ['JPY 100,000 (the * threshold, no decimals)', { amount: 100_000, currency: 'JPY' }, 2],
      ['BHD 100,000.000 (three decimals)', { amount: 100_000_000, currency: 'BHD' }, 2],
      ['BHD 99,999.999', { amount: 99_999_999, currency: 'BHD' }, 1],
    ])('%s: %p', async (_name, change, required) => {
      const agreement = await ingestOne(change);
      expect(agreement).toMatchObject({ requiredApprovals: required, approvals: [] });
      expect((await historyOk(agreement.id)).agreement.requiredApprovals).toBe(required);
    });
  });

  describe('four-eyes approval', () => {
    it('the first approval keeps it pending; the second, by a supervisor, approves it; both logged', async () => {
      const agreement = await ingestOne({ ...above, auctionId: `four-eyes-${randomUUID()}` });
      const first = await okJson<Agreement>(await approveAs('alice', agreement));
      expect(first).toMatchObject({
        status: 'pending',
        version: 2,
        decidedAt: null,
        decidedBy: null,
        requiredApprovals: 2,
        approvals: [{ by: 'alice', byName: 'Alice Martin', at: expect.any(String) }],
      });
      // Still in the pending queue (its sale is its own), with its approval.
      const pending = await listOk(`?sale=${encodeURIComponent(agreement.auctionId)}`);
      // With its lot's context (§14): a lot the catalogue lacks, no flag.
      expect(pending.items).toEqual([
        {
          ...first,
          saleTitle: null,
          lotNumber: null,
          flags: { open: 0, escalated: 0, cleared: 0 },
        },
      ]);

      const second = await okJson<Agreement>(await approveAs('sue', first));
      expect(second).toMatchObject({
        status: 'approved',
        version: 3,
        decidedBy: 'sue',
        decidedByName: 'Sue Grant',
        approvals: [
          { by: 'alice', byName: 'Alice Martin' },
          { by: 'sue', byName: 'Sue Grant' },
        ],
      });
      const { decisions } = await historyOk(agreement.id);
      expect(decisions).toEqual([
        expect.objectContaining({
          decision: 'approve',
          decidedBy: 'alice',
          statusBefore: 'pending',
          statusAfter: 'pending',
        }),
        expect.objectContaining({
          decision: 'approve',
          decidedBy: 'sue',
          statusBefore: 'pending',
          statusAfter: 'approved',
        }),
      ]);
    });

    it('the same account approving twice: 409, nothing changed', async () => {
      const first = await okJson<Agreement>(await approveAs('sue', await ingestOne(above)));
      const body = await expectConflictWith(await approveAs('sue', first), first);
      expect(body.error.message).toMatch(/another account/);
      expect((await historyOk(first.id)).decisions).toHaveLength(1);
    });

    it('a clerk giving the second approval: 403 forbidden, nothing changed', async () => {
      const first = await okJson<Agreement>(await approveAs('alice', await ingestOne(above)));
      const response = await approveAs('bob', first);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: { code: 'forbidden', message: expect.stringMatching(/second approval/) },
        agreement: first,
      });
      expect((await historyOk(first.id)).agreement).toEqual(first);
    });

    it('a rejection by anyone decides, even after a first approval', async () => {
      const first = await okJson<Agreement>(await approveAs('ada', await ingestOne(above)));
      const rejected = await okJson<Agreement>(
        await decide(
          first.id,
          { decision: 'reject', reason: 'Buyer withdrew', version: 2 },
          cookies.bob!,
        ),
      );
      expect(rejected).toMatchObject({
        status: 'rejected',
        decidedBy: 'bob',
        reason: 'Buyer withdrew',
        approvals: [{ by: 'ada' }],
      });
    });

    it('the version seen still rules: a second approval at the first version is a conflict', async () => {
      const agreement = await ingestOne(above);
      const first = await okJson<Agreement>(await approveAs('alice', agreement));
      await expectConflictWith(await approveAs('sue', agreement), first);
    });
  });

  async function expectConflictWith(response: Response, current: Agreement) {
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body).toEqual({
      error: { code: 'conflict', message: expect.any(String) },
      agreement: current,
    });
    return body;
  }

  describe('the role table of contract §12, role by role', () => {
    // Each action from a fresh agreement in the state the action needs; expected status per role.
    const actions: Record<string, (loginId: string) => Promise<Response>> = {
      'see the agreements': (loginId) =>
        agreementsApi(() => cookies[loginId]!).list('?status=pending&limit=1'),
      'approve below the threshold': async (loginId) => approveAs(loginId, await ingestOne(below)),
      'reject below the threshold': async (loginId) =>
        decide(
          (await ingestOne(below)).id,
          { decision: 'reject', reason: 'Duplicate lot', version: 1 },
          cookies[loginId]!,
        ),
      'first approval above the threshold': async (loginId) =>
        approveAs(loginId, await ingestOne(above)),
      'second approval above the threshold': async (loginId) => {
        const first = await okJson<Agreement>(await approveAs('ada', await ingestOne(above)));
        // Ada gave the first: as herself she would get 409, so the admin row uses another admin.
        return approveAs(loginId === 'ada' ? 'ada2' : loginId, first);
      },
      'reopen a decided agreement': async (loginId) => {
        const decided = await okJson<Agreement>(await approveAs('sue', await ingestOne(below)));
        return reopen(decided.id, { reason: 'Wrong paddle', version: 2 }, cookies[loginId]!);
      },
    };
    const expected: Record<string, Record<Role, number>> = {
      'see the agreements': { clerk: 200, supervisor: 200, admin: 200 },
      'approve below the threshold': { clerk: 200, supervisor: 200, admin: 200 },
      'reject below the threshold': { clerk: 200, supervisor: 200, admin: 200 },
      'first approval above the threshold': { clerk: 200, supervisor: 200, admin: 200 },
      'second approval above the threshold': { clerk: 403, supervisor: 200, admin: 200 },
      'reopen a decided agreement': { clerk: 403, supervisor: 200, admin: 200 },
    };

    beforeAll(async () => {
      const { createAccount } = await import('@/lib/server/auth/accounts');
      await createAccount(await connection.database(), {
        loginId: 'ada2',
        displayName: 'Ada Second',
        password: staffPassword,
        role: 'admin',
      });
      cookies.ada2 = await signIn('ada2');
    });

    const cases = Object.keys(actions).flatMap((action) =>
      (['alice', 'sue', 'ada'] as const).map((loginId) => [action, staff[loginId]!, loginId]),
    );
    it.each(cases)('%s as a %s', async (action, role, loginId) => {
      const response = await actions[action]!(loginId);
      const status = expected[action]![role as Role];
      expect(response.status).toBe(status);
      if (status === 403) {
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(body.error).toEqual({ code: 'forbidden', message: expect.stringContaining(role) });
      }
    });
  });

  describe('POST /api/agreements/decisions', () => {
    it('decides each item on its own and says what became of each', async () => {
      const fresh = await ingest([newItem(below), newItem(below), newItem(below)]);
      const stale = await okJson<Agreement>(await approveAs('bob', await ingestOne(below)));
      const big = await ingestOne(above);
      const waiting = await okJson<Agreement>(await approveAs('bob', await ingestOne(above)));
      const missing = randomUUID();
      const response = await decideMany(
        {
          decision: 'approve',
          items: [
            ...fresh.map(({ id, version }) => ({ id, version })),
            { id: stale.id, version: 1 },
            { id: big.id, version: 1 },
            { id: waiting.id, version: 2 },
            { id: missing, version: 1 },
            { id: 'not-a-uuid', version: 1 },
          ],
        },
        cookies.alice!,
      );
      const { results } = await okJson<{ results: Record<string, unknown>[] }>(response);
      expect(results.map((result) => [result.id, result.status])).toEqual([
        ...fresh.map(({ id }) => [id, 200]),
        [stale.id, 409],
        [big.id, 200],
        [waiting.id, 403],
        [missing, 404],
        ['not-a-uuid', 404],
      ]);
      for (const [index, agreement] of fresh.entries()) {
        expect(results[index]).toEqual({
          id: agreement.id,
          status: 200,
          agreement: expect.objectContaining({ status: 'approved', decidedBy: 'alice' }),
        });
      }
      expect(results[3]).toEqual({
        id: stale.id,
        status: 409,
        agreement: stale,
        error: { code: 'conflict', message: expect.any(String) },
      });
      expect(results[4]).toMatchObject({
        status: 200,
        agreement: { status: 'pending', approvals: [{ by: 'alice' }] },
      });
      expect(results[5]).toMatchObject({
        status: 403,
        agreement: waiting,
        error: { code: 'forbidden' },
      });
      expect(results[6]).toEqual({
        id: missing,
        status: 404,
        error: { code: 'not_found', message: expect.any(String) },
      });
      // What the answer says is what is stored.
      for (const result of results.slice(0, 5)) {
        const stored: AgreementHistory = await historyOk(result.id as string);
        expect(stored.agreement).toEqual(result.agreement);
      }
    });

    it('rejects many with one reason, each logged with it', async () => {
      const items = await ingest([newItem(), newItem()]);
      const response = await decideMany({
        decision: 'reject',
        reason: '  Sale annulled  ',
        items: items.map(({ id, version }) => ({ id, version })),
      });
      const { results } = await okJson<{ results: { agreement: Agreement }[] }>(response);
      for (const result of results)
        expect(result.agreement).toMatchObject({ status: 'rejected', reason: 'Sale annulled' });
      for (const item of items) {
        expect((await historyOk(item.id)).decisions).toEqual([
          expect.objectContaining({ decision: 'reject', reason: 'Sale annulled' }),
        ]);
      }
    });

    it.each([
      ['no items', { decision: 'approve', items: [] }],
      [
        '101 items',
        {
          decision: 'approve',
          items: Array.from({ length: 101 }, () => ({ id: randomUUID(), version: 1 })),
        },
      ],
      [
        'a reject without a reason',
        { decision: 'reject', items: [{ id: randomUUID(), version: 1 }] },
      ],
      ['an unknown decision', { decision: 'maybe', items: [{ id: randomUUID(), version: 1 }] }],
      ['a version of 0', { decision: 'approve', items: [{ id: randomUUID(), version: 0 }] }],
      ['an extra field', { decision: 'approve', items: [], force: true }],
      ['an item without a version', { decision: 'approve', items: [{ id: randomUUID() }] }],
    ])('refuses %s: 400, nothing decided', async (_name, body) => {
      await expectProblem(await decideMany(body), 400, 'bad_request');
    });

    it('needs a session (401) and a same-origin request (403)', async () => {
      const [agreement] = await ingest([newItem()]);
      const body = { decision: 'approve', items: [{ id: agreement!.id, version: 1 }] };
      await expectProblem(await decideMany(body, null), 401, 'unauthorized');
      await expectProblem(
        await decideMany(body, cookies.alice!, { origin: 'https://evil.example' }),
        403,
        'forbidden',
      );
      expect((await historyOk(agreement!.id)).agreement.status).toBe('pending');
    });
  });

  describe('POST /api/agreements/{id}/reopen', () => {
    it('sends a decision back to pending, approvals cleared, the reopening logged with its reason', async () => {
      const first = await okJson<Agreement>(await approveAs('alice', await ingestOne(above)));
      const approved = await okJson<Agreement>(await approveAs('ada', first));
      const reopened = await okJson<Agreement>(
        await reopen(approved.id, { reason: 'Paddle misread', version: 3 }, cookies.sue!),
      );
      expect(reopened).toEqual({
        ...approved,
        status: 'pending',
        version: 4,
        decidedAt: null,
        decidedBy: null,
        decidedByName: null,
        reason: null,
        approvals: [],
      });
      const { decisions } = await historyOk(approved.id);
      expect(
        decisions.map((entry) => [entry.decision, entry.decidedBy, entry.statusAfter]),
      ).toEqual([
        ['approve', 'alice', 'pending'],
        ['approve', 'ada', 'approved'],
        ['reopen', 'sue', 'pending'],
      ]);
      expect(decisions[2]).toMatchObject({ reason: 'Paddle misread', statusBefore: 'approved' });
      // Decided afresh: four-eyes again from the start.
      const again = await okJson<Agreement>(await approveAs('alice', reopened));
      expect(again).toMatchObject({ status: 'pending', approvals: [{ by: 'alice' }] });
    });

    it('reopens a rejection too', async () => {
      const agreement = await ingestOne();
      await okJson(
        await decide(agreement.id, { decision: 'reject', reason: 'Unpaid', version: 1 }),
      );
      const reopened = await okJson<Agreement>(
        await reopen(agreement.id, { reason: 'Buyer paid after all', version: 2 }, cookies.ada!),
      );
      expect(reopened).toMatchObject({ status: 'pending', version: 3, reason: null });
    });

    it('409 on a stale version or a pending agreement, 404 on none, 400 without a reason', async () => {
      const agreement = await ingestOne();
      const pending = await reopen(agreement.id, { reason: 'Why not', version: 1 }, cookies.sue!);
      await expectConflictWith(pending, agreement);
      const decided = await okJson<Agreement>(await approveAs('alice', agreement));
      await expectConflictWith(
        await reopen(agreement.id, { reason: 'Too late', version: 1 }, cookies.sue!),
        decided,
      );
      await expectProblem(
        await reopen(randomUUID(), { reason: 'Nothing', version: 1 }, cookies.sue!),
        404,
        'not_found',
      );
      await expectProblem(
        await reopen('not-a-uuid', { reason: 'Nothing', version: 1 }, cookies.sue!),
        404,
        'not_found',
      );
      for (const body of [{ version: 2 }, { reason: ' no', version: 2 }, { reason: 'Fine' }]) {
        await expectProblem(await reopen(agreement.id, body, cookies.sue!), 400, 'bad_request');
      }
      expect((await historyOk(agreement.id)).agreement).toEqual(decided);
    });
  });
}
