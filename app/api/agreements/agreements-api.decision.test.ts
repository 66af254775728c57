/** @jest-environment node */
// POST /api/agreements/{id}/decision end to end through its route handler, on a real in-memory
// PGlite database: approvals and rejections, what is refused and why, conflicts and guards.
import '@/testing/server/memory-database-env';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Agreement } from '@/lib/agreements/agreement';
import { expectProblem } from '@/testing/server/agreements-requests';
import { agreementsApiFixture, isoPattern } from './agreements-api-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

jest.setTimeout(120_000);

const { staff, db, schema, ingestOne, history, historyOk, decide, logCount, expectUntouched } =
  agreementsApiFixture();

describe('POST /api/agreements/{id}/decision', () => {
  it('approves: 200 with the agreement approved at version 2 by the signed-in staff member', async () => {
    const agreement = await ingestOne();
    const before = Date.now();
    const response = await decide(agreement.id, { decision: 'approve', version: 1 });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const decided = (await response.json()) as Agreement;
    expect(decided).toEqual({
      ...agreement,
      status: 'approved',
      version: 2,
      decidedAt: expect.stringMatching(isoPattern),
      decidedBy: 'alice',
      decidedByName: 'Alice Martin',
      reason: null,
      requiredApprovals: 1,
      approvals: [{ by: 'alice', byName: 'Alice Martin', at: decided.decidedAt }],
    });
    const decidedAt = Date.parse(decided.decidedAt!);
    expect(decidedAt).toBeGreaterThanOrEqual(before - 1_000);
    expect(decidedAt).toBeLessThanOrEqual(Date.now() + 1_000);

    const { agreement: stored, decisions } = await historyOk(agreement.id);
    expect(stored).toEqual(decided);
    expect(decisions).toEqual([
      {
        id: expect.any(Number),
        decision: 'approve',
        reason: null,
        statusBefore: 'pending',
        statusAfter: 'approved',
        decidedBy: 'alice',
        decidedByName: 'Alice Martin',
        decidedAt: decided.decidedAt,
      },
    ]);
    const [row] = await db()
      .select()
      .from(schema().agreementDecisions)
      .where(eq(schema().agreementDecisions.agreementId, agreement.id));
    expect(row).toMatchObject({ versionBefore: 1, loginId: 'alice', decision: 'approve' });
  });

  it('approves with an optional reason, trimmed', async () => {
    const agreement = await ingestOne();
    const response = await decide(
      agreement.id,
      { decision: 'approve', version: 1, reason: '  Paid in full  ' },
      staff.bob,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'approved',
      reason: 'Paid in full',
      decidedBy: 'bob',
      decidedByName: 'Bob Stone',
    });
  });

  it('rejects with a reason: 200, the reason trimmed and logged', async () => {
    const agreement = await ingestOne();
    const response = await decide(
      agreement.id,
      { decision: 'reject', version: 1, reason: '  Buyer failed the credit check \n' },
      staff.bob,
    );
    expect(response.status).toBe(200);
    const decided = (await response.json()) as Agreement;
    expect(decided).toMatchObject({
      id: agreement.id,
      status: 'rejected',
      version: 2,
      decidedBy: 'bob',
      decidedByName: 'Bob Stone',
      reason: 'Buyer failed the credit check',
    });
    const { decisions } = await historyOk(agreement.id);
    expect(decisions).toEqual([
      expect.objectContaining({
        decision: 'reject',
        reason: 'Buyer failed the credit check',
        statusBefore: 'pending',
        statusAfter: 'rejected',
        decidedBy: 'bob',
      }),
    ]);
  });

  it.each<[string, unknown]>([
    ['a reject without a reason', { decision: 'reject', version: 1 }],
    ['a reject with a null reason', { decision: 'reject', version: 1, reason: null }],
    ['a reject with an empty reason', { decision: 'reject', version: 1, reason: '' }],
    [
      'a reject with reason "  a " (1 character trimmed)',
      { decision: 'reject', version: 1, reason: '  a ' },
    ],
    ['a reject with 2 characters', { decision: 'reject', version: 1, reason: 'no' }],
    ['a reject with 501 characters', { decision: 'reject', version: 1, reason: 'r'.repeat(501) }],
    [
      'an approve with 501 characters',
      { decision: 'approve', version: 1, reason: 'r'.repeat(501) },
    ],
    ['an unknown decision', { decision: 'defer', version: 1 }],
    ['no version', { decision: 'approve' }],
    ['version 0', { decision: 'approve', version: 0 }],
    ['a version as a string', { decision: 'approve', version: '1' }],
    ['an unknown extra field', { decision: 'approve', version: 1, status: 'approved' }],
    ['a JSON array', [{ decision: 'approve', version: 1 }]],
    ['malformed JSON', '{"decision": "approve",'],
    ['an empty body', ''],
  ])('%s -> 400 bad_request, the agreement untouched', async (_name, body) => {
    const agreement = await ingestOne();
    await expectProblem(await decide(agreement.id, body), 400, 'bad_request');
    await expectUntouched(agreement);
  });

  it('names the reason when a reject lacks one', async () => {
    const agreement = await ingestOne();
    const { error } = await expectProblem(
      await decide(agreement.id, { decision: 'reject', version: 1, reason: '  a ' }),
      400,
      'bad_request',
    );
    expect(error.message).toMatch(/^reason: /);
  });

  it('answers 409 conflict with the current agreement for a stale version', async () => {
    const agreement = await ingestOne();
    for (const version of [2, 7]) {
      const response = await decide(agreement.id, { decision: 'approve', version });
      expect(response.status).toBe(409);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({
        error: { code: 'conflict', message: expect.any(String) },
        agreement,
      });
    }
    await expectUntouched(agreement);
  });

  // Any integer version is either stale (409 with the current state) or refused (400); the
  // version column is a 32-bit integer, so a larger one must not reach the database as it is.
  it.each([2 ** 31 - 1, 2 ** 31, Number.MAX_SAFE_INTEGER])(
    'answers 409 or 400, not 500, for version %p',
    async (version) => {
      const agreement = await ingestOne();
      const response = await decide(agreement.id, { decision: 'approve', version });
      expect([400, 409]).toContain(response.status);
      const body = await response.json();
      expect(body.error.code).toBe(response.status === 409 ? 'conflict' : 'bad_request');
      if (response.status === 409) expect(body.agreement).toEqual(agreement);
      await expectUntouched(agreement);
    },
  );

  // PostgreSQL text cannot hold U+0000: it must be refused as input, not fail in the database.
  it('refuses a reason with a NUL with 400, not 500', async () => {
    const agreement = await ingestOne();
    await expectProblem(
      await decide(agreement.id, { decision: 'reject', version: 1, reason: 'Buyer\u0000withdrew' }),
      400,
      'bad_request',
    );
    await expectUntouched(agreement);
  });

  it('answers 409 with the current state when the agreement was already decided', async () => {
    const agreement = await ingestOne();
    const first = await decide(agreement.id, { decision: 'approve', version: 1 });
    expect(first.status).toBe(200);
    const current = (await first.json()) as Agreement;

    for (const [body, cookie] of [
      [{ decision: 'approve', version: 1 }, staff.alice],
      [{ decision: 'reject', version: 1, reason: 'Changed my mind' }, staff.alice],
      // Even naming the current version: a decided agreement is final.
      [{ decision: 'reject', version: 2, reason: 'Changed my mind' }, staff.bob],
      [{ decision: 'approve', version: 2 }, staff.bob],
    ] as const) {
      const response = await decide(agreement.id, body, cookie);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: { code: 'conflict', message: expect.any(String) },
        agreement: current,
      });
    }
    const { agreement: stored, decisions } = await historyOk(agreement.id);
    expect(stored).toEqual(current);
    expect(decisions).toHaveLength(1);
    expect(await logCount(agreement.id)).toBe(1);
  });

  it.each<[string, () => string]>([
    ['an unknown uuid', () => randomUUID()],
    ['the nil uuid', () => '00000000-0000-0000-0000-000000000000'],
    ['a non-uuid id', () => 'not-a-uuid'],
    ['a number', () => '42'],
    ['an injection attempt', () => "1' or '1'='1"],
  ])('answers 404 not_found for %s (decision and history)', async (_name, makeId) => {
    const id = makeId();
    const before = await db().select({ value: count() }).from(schema().agreementDecisions);
    await expectProblem(await decide(id, { decision: 'approve', version: 1 }), 404, 'not_found');
    await expectProblem(await history(id), 404, 'not_found');
    expect(await db().select({ value: count() }).from(schema().agreementDecisions)).toEqual(before);
  });

  it.each<[string, Record<string, string>]>([
    ['a cross-origin Origin', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['Content-Type: text/plain', { 'content-type': 'text/plain' }],
  ])('refuses %s with 403 even with a session, the agreement untouched', async (_name, headers) => {
    const agreement = await ingestOne();
    await expectProblem(
      await decide(agreement.id, { decision: 'approve', version: 1 }, staff.alice, headers),
      403,
      'forbidden',
    );
    await expectUntouched(agreement);
  });

  it('accepts Sec-Fetch-Site: same-origin without an Origin', async () => {
    const agreement = await ingestOne();
    const response = await decide(agreement.id, { decision: 'approve', version: 1 }, staff.alice, {
      origin: undefined,
      'sec-fetch-site': 'same-origin',
    });
    expect(response.status).toBe(200);
  });
});
