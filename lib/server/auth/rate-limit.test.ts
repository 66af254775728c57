/** @jest-environment node */
// The sign-in failure counters, with explicit clocks, on a real in-memory PGlite database.
import '@/testing/server/memory-database-env';
import type { Database } from '@/lib/server/db/database';

type RateLimit = typeof import('./rate-limit');
type Connection = typeof import('@/lib/server/db/connection');
type Schema = typeof import('@/lib/server/db/schema');

const minute = 60 * 1000;
// Every test uses its own login ids and addresses; one clock origin keeps the clean-up of old rows
// in recordSignInFailure from touching another test's rows.
const t0 = new Date();
const at = (ms: number) => new Date(t0.getTime() + ms);

let limits: RateLimit;
let connection: Connection;
let schema: Schema;
let db: Database;

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  schema = await import('@/lib/server/db/schema');
  limits = await import('./rate-limit');
  db = await connection.database();
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

async function fail(loginId: string, address: string | null, times: number, everyMs = 0) {
  for (let i = 0; i < times; i++) {
    await limits.recordSignInFailure(db, loginId, address, at(i * everyMs));
  }
}

describe('constants', () => {
  it('allows 10 failures in 15 minutes', () => {
    expect(limits.maxFailures).toBe(10);
    expect(limits.failureWindowMs).toBe(15 * minute);
  });
});

describe('signInRetryAfter per login id', () => {
  it('allows 9 failures', async () => {
    await fail('nine', null, 9);
    await expect(limits.signInRetryAfter(db, 'nine', null, t0)).resolves.toBeNull();
  });

  it.each<[string, number | null, number]>([
    ['right after the 10th failure', 900, 0],
    ['5 minutes later', 600, 5 * minute],
    ['14 min 59.5 s later (rounded up to 1 s)', 1, 15 * minute - 500],
    ['15 minutes later', null, 15 * minute],
    ['15 minutes and 1 second later', null, 15 * minute + 1000],
    ['an hour later', null, 60 * minute],
  ])('10 failures at once, checked %s -> %p', async (name, expected, after) => {
    const loginId = `ten-at-once-${name}`;
    await fail(loginId, null, 10);
    await expect(limits.signInRetryAfter(db, loginId, null, at(after))).resolves.toBe(expected);
  });

  it('waits until enough failures leave the window (failures one minute apart)', async () => {
    // 12 failures at t0, t0+1 min ... t0+11 min: allowed again once 3 have left, at t0+17 min.
    await fail('spread', null, 12, minute);
    await expect(limits.signInRetryAfter(db, 'spread', null, at(11 * minute))).resolves.toBe(360);
    await expect(limits.signInRetryAfter(db, 'spread', null, at(17 * minute - 1000))).resolves.toBe(
      1,
    );
    await expect(
      limits.signInRetryAfter(db, 'spread', null, at(17 * minute + 1)),
    ).resolves.toBeNull();
  });

  it('does not count another login id', async () => {
    await fail('noisy', null, 10);
    await expect(limits.signInRetryAfter(db, 'quiet', null, t0)).resolves.toBeNull();
  });

  it('is forgiven by clearLoginFailures (a successful sign-in)', async () => {
    await fail('forgiven', null, 10);
    await expect(limits.signInRetryAfter(db, 'forgiven', null, t0)).resolves.toBe(900);
    await limits.clearLoginFailures(db, 'forgiven');
    await expect(limits.signInRetryAfter(db, 'forgiven', null, t0)).resolves.toBeNull();
  });
});

describe('signInRetryAfter per client address', () => {
  it('limits an address after 10 failures spread over 10 login ids', async () => {
    for (let i = 0; i < 10; i++) await fail(`spray-${i}`, '203.0.113.10', 1);
    await expect(limits.signInRetryAfter(db, 'spray-new', '203.0.113.10', t0)).resolves.toBe(900);
    // Not the same caller: another address, or no trusted address at all.
    await expect(limits.signInRetryAfter(db, 'spray-new', '203.0.113.11', t0)).resolves.toBeNull();
    await expect(limits.signInRetryAfter(db, 'spray-new', null, t0)).resolves.toBeNull();
    // After 15 minutes the limit lifts.
    await expect(
      limits.signInRetryAfter(db, 'spray-new', '203.0.113.10', at(15 * minute + 1)),
    ).resolves.toBeNull();
  });

  it('takes the longer wait of the two buckets', async () => {
    await fail('both', '203.0.113.20', 10); // at t0 ... t0 (address and login id)
    for (let i = 0; i < 10; i++) {
      await limits.recordSignInFailure(db, `other-${i}`, '203.0.113.20', at(5 * minute));
    }
    // The login id is free at t0+15 min; the address only at t0+20 min.
    await expect(limits.signInRetryAfter(db, 'both', '203.0.113.20', at(6 * minute))).resolves.toBe(
      14 * 60,
    );
  });

  // rate-limit.ts:58 promises that a successful sign-in "forgives that login id's failures (never
  // the address's)", but clearLoginFailures deletes the rows themselves, and each row also counts
  // for its address: the victim's own sign-in lifts the block on the attacker's address.
  it("keeps counting an address's failures after that login id is forgiven", async () => {
    for (let i = 0; i < 10; i++) {
      await limits.recordSignInFailure(db, 'victim', '203.0.113.66', t0);
    }
    await expect(limits.signInRetryAfter(db, 'someone-else', '203.0.113.66', t0)).resolves.toBe(
      900,
    );
    await limits.clearLoginFailures(db, 'victim'); // the victim signs in from elsewhere
    await expect(limits.signInRetryAfter(db, 'victim', null, t0)).resolves.toBeNull();
    await expect(limits.signInRetryAfter(db, 'someone-else', '203.0.113.66', t0)).resolves.toBe(
      900,
    );
  });
});

describe('recordSignInFailure', () => {
  it('deletes rows older than the window', async () => {
    const { eq } = await import('drizzle-orm');
    await limits.recordSignInFailure(db, 'old-row', '192.0.2.1', at(-20 * minute));
    const rows = () =>
      db
        .select()
        .from(schema.signInFailures)
        .where(eq(schema.signInFailures.clientAddress, '192.0.2.1'));
    expect(await rows()).toHaveLength(1);
    await limits.recordSignInFailure(db, 'old-row', '192.0.2.1', t0);
    const left = await rows();
    expect(left).toHaveLength(1);
    expect(left[0]!.failedAt.getTime()).toBe(t0.getTime());
  });
});
