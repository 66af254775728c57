import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Agreement } from '@/lib/agreements/agreement';
import type { Role } from '@/lib/auth/roles';
import { agreementsApi } from './agreements-requests';
import { describeFourEyesBulk } from './four-eyes-bulk-suite';
import { fourEyesHarness, type FourEyesHarness } from './four-eyes-harness';
import { staffSignedIn } from './staff-fixture';

/**
 * Roles and four-eyes approval (contract §12) through the route handlers: the role table, two
 * approvals above the threshold, bulk decisions and reopening. One suite for both databases: the
 * test file that calls it has chosen PGlite or PostgreSQL (its env module) and cleared
 * APPROVAL_THRESHOLDS, so the contract's default applies.
 */
export function describeFourEyes() {
  const harness = fourEyesHarness();
  describeApprovals(harness);
  describeFourEyesBulk(harness);
}

/** How many approvals an agreement needs, the two approvals, and the role table. */
function describeApprovals(harness: FourEyesHarness) {
  const {
    cookies,
    staff,
    database,
    ingestOne,
    historyOk,
    listOk,
    decide,
    reopen,
    approveAs,
    okJson,
    expectConflictWith,
    below,
    above,
  } = harness;

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
      cookies.ada2 = await staffSignedIn(await database(), {
        loginId: 'ada2',
        displayName: 'Ada Second',
        role: 'admin',
      });
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
}
