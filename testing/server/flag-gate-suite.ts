import 'server-only';
import type { Agreement } from '@/lib/agreements/agreement';
import type { FlagGate, FlagState } from '@/lib/sale-desk/flags/flag-review';
import type { FlagReviewHarness } from './flag-review-harness';

/**
 * The gate (contract §14): through the API with FLAG_GATE unset, then every FLAG_GATE × flag state
 * × way of approving through the decision functions. The matrix is written out as a table: it is
 * the oracle, not `gatedStates`.
 */
export function describeFlagGate(harness: FlagReviewHarness) {
  const {
    database,
    accounts,
    newItem,
    ingest,
    decide,
    decideMany,
    insertFlag,
    expectRefusal,
    reviewed,
  } = harness;

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
        const db = await database();
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
