import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Agreement, AgreementHistory } from '@/lib/agreements/agreement';
import { expectProblem } from './agreements-requests';
import type { FourEyesHarness } from './four-eyes-harness';

/** Bulk decisions and reopening (contract §12), on the four-eyes suite's staff and database. */
export function describeFourEyesBulk(harness: FourEyesHarness) {
  const {
    cookies,
    newItem,
    ingest,
    ingestOne,
    historyOk,
    decide,
    decideMany,
    reopen,
    approveAs,
    okJson,
    expectConflictWith,
    below,
    above,
  } = harness;

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
