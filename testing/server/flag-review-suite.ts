import 'server-only';
import type { RecordedFlag } from '@/lib/sales/recorded-flag';
import { expectProblem } from './agreements-requests';
import { describeFlagContext } from './flag-context-suite';
import { describeFlagGate } from './flag-gate-suite';
import { flagReviewHarness, type FlagReviewHarness } from './flag-review-harness';

/**
 * Flags reviewed together and the gate (contract §14), through the route handlers and the
 * decision functions, on the database the calling test file chose (PGlite or PostgreSQL).
 */
export function describeFlagReview() {
  const harness = flagReviewHarness();
  describeReviews(harness);
  describeFlagGate(harness);
  describeFlagContext(harness);
}

/** `POST /api/flags/{id}/review`: the reviews kept, who may clear, conflicts and refusals. */
function describeReviews({
  database,
  insertFlag,
  expectRefusal,
  review,
  reviewed,
}: FlagReviewHarness) {
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
        await database()
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
      const db = await database();
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
}
