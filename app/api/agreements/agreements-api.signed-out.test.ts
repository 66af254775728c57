/** @jest-environment node */
// The agreements API refuses a request without a session (401) before reading anything else,
// through its route handlers on a real in-memory PGlite database.
import '@/testing/server/memory-database-env';
import { randomUUID } from 'node:crypto';
import type { Agreement } from '@/lib/agreements/agreement';
import { expectProblem, type Cookie } from '@/testing/server/agreements-requests';
import { agreementsApiFixture } from './agreements-api-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

jest.setTimeout(120_000);

const { ingestOne, list, history, decide, expectUntouched } = agreementsApiFixture();

describe('signed out', () => {
  let agreement: Agreement;
  beforeAll(async () => {
    agreement = await ingestOne();
  });

  it.each<[string, Cookie]>([
    ['no cookie', null],
    ['a garbage cookie', 'not-a-session'],
  ])('with %s: list, history and decision answer 401', async (_name, cookie) => {
    await expectProblem(await list('', cookie), 401, 'unauthorized');
    await expectProblem(await list('?status=approved&limit=5', cookie), 401, 'unauthorized');
    await expectProblem(await history(agreement.id, cookie), 401, 'unauthorized');
    await expectProblem(
      await decide(agreement.id, { decision: 'approve', version: 1 }, cookie),
      401,
      'unauthorized',
    );
    await expectUntouched(agreement);
  });

  it.each<[string, unknown]>([
    ['an invalid body', { decision: 'maybe', version: 'one' }],
    ['a reject without a reason', { decision: 'reject', version: 1 }],
    ['malformed JSON', '{"decision":'],
    ['a body over 64 KiB', { decision: 'reject', version: 1, reason: 'r'.repeat(70_000) }],
  ])('a decision with %s still answers 401, not 400 or 413', async (_name, body) => {
    await expectProblem(await decide(agreement.id, body, null), 401, 'unauthorized');
    await expectUntouched(agreement);
  });

  it('answers 401, not 400 or 404, for a bad query or an unknown id', async () => {
    await expectProblem(await list('?limit=abc', null), 401, 'unauthorized');
    await expectProblem(await history('not-a-uuid', null), 401, 'unauthorized');
    await expectProblem(
      await decide(randomUUID(), { decision: 'approve', version: 1 }, null),
      401,
      'unauthorized',
    );
  });
});
