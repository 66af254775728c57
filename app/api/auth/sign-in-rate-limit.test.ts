/** @jest-environment node */
// Sign-in limits through the route handler: 10 failures in 15 minutes per login id, or per client
// address where the platform names one (Vercel); real in-memory PGlite database.
import '@/testing/server/memory-database-env';
import { NextRequest } from 'next/server';
import type { Database } from '@/lib/server/db/database';
import { addStaff } from '@/testing/server/staff-fixture';

type SignInRoute = typeof import('@/app/api/auth/sign-in/route');
type Connection = typeof import('@/lib/server/db/connection');
type Schema = typeof import('@/lib/server/db/schema');

const origin = 'http://localhost:3000';
const password = 'the right password';

let signIn: SignInRoute['POST'];
let connection: Connection;
let schema: Schema;
let db: Database;

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  schema = await import('@/lib/server/db/schema');
  ({ POST: signIn } = await import('@/app/api/auth/sign-in/route'));
  db = await connection.database();
  await Promise.all(
    ['limited', 'bystander', 'rotating', 'on-vercel', 'burst'].map((loginId) =>
      addStaff(db, { loginId, password }),
    ),
  );
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

function attempt(loginId: string, secret: string, headers: Record<string, string> = {}) {
  return signIn(
    new NextRequest(`${origin}/api/auth/sign-in`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ loginId, password: secret }),
    }),
  );
}

async function codeOf(response: Response): Promise<string> {
  expect(response.headers.get('cache-control')).toBe('no-store');
  if (response.status === 200) return 'ok';
  const body = (await response.json()) as { error: { code: string } };
  return body.error.code;
}

async function expectRateLimited(response: Response) {
  expect(response.status).toBe(429);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toEqual({
    error: { code: 'rate_limited', message: expect.any(String) },
  });
  const retryAfter = response.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(900);
  expect(response.headers.getSetCookie()).toEqual([]);
  return Number(retryAfter);
}

async function sessionRowCount(): Promise<number> {
  return (await db.select().from(schema.sessions)).length;
}

describe('per login id', () => {
  it('answers 401 to 10 wrong passwords, then 429 with Retry-After, even to the right password', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await attempt('limited', `wrong-${i}`);
      expect(response.status).toBe(401);
      codes.push(await codeOf(response));
    }
    expect(codes).toEqual(Array(10).fill('invalid_credentials'));

    const retryAfter = await expectRateLimited(await attempt('limited', 'wrong-10'));
    expect(retryAfter).toBeGreaterThan(890);

    const sessionsBefore = await sessionRowCount();
    await expectRateLimited(await attempt('limited', password));
    await expectRateLimited(await attempt(' LIMITED ', password));
    expect(await sessionRowCount()).toBe(sessionsBefore);
  });

  it('does not limit another login id (no trusted client address outside Vercel)', async () => {
    const response = await attempt('bystander', password, { 'x-forwarded-for': '203.0.113.7' });
    expect(response.status).toBe(200);
    expect(await codeOf(response)).toBe('ok');
  });

  it('counts per login id whatever X-Forwarded-For and spelling each attempt sends', async () => {
    const spellings = ['rotating', ' ROTATING', 'Rotating ', 'rOtAtInG'];
    for (let i = 0; i < 10; i++) {
      const response = await attempt(spellings[i % spellings.length]!, `wrong-${i}`, {
        'x-forwarded-for': `198.51.100.${i + 1}`,
        'x-real-ip': `198.51.100.${i + 1}`,
      });
      expect(await codeOf(response)).toBe('invalid_credentials');
    }
    await expectRateLimited(
      await attempt('rotating', 'wrong-10', { 'x-forwarded-for': '198.51.100.200' }),
    );
    await expectRateLimited(
      await attempt('ROTATING', password, { 'x-forwarded-for': '192.0.2.99' }),
    );
  });
});

// The deployment says which proxy sets the client address: the route is loaded afresh with that
// environment (its settings are read once per module load); the database is the same.
describe.each([
  {
    deployment: 'on Vercel',
    env: { VERCEL: '1' },
    from: (address: string) => ({ 'x-vercel-forwarded-for': address }),
  },
  {
    deployment: 'behind a proxy (TRUST_PROXY=1)',
    env: { TRUST_PROXY: '1' },
    // The proxy appends the address it saw; the caller's own entries come first.
    from: (address: string) => ({ 'x-forwarded-for': `192.0.2.1, ${address}` }),
  },
])('per client address $deployment', ({ env, from }) => {
  let signInBehindProxy: SignInRoute['POST'];

  beforeAll(async () => {
    Object.assign(process.env, env);
    await jest.isolateModulesAsync(async () => {
      ({ POST: signInBehindProxy } = await import('@/app/api/auth/sign-in/route'));
    });
  });
  afterAll(() => {
    for (const name of Object.keys(env)) delete process.env[name];
  });

  const attemptFrom = (loginId: string, secret: string, address: string) =>
    signInBehindProxy(
      new NextRequest(`${origin}/api/auth/sign-in`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', ...from(address) },
        body: JSON.stringify({ loginId, password: secret }),
      }),
    );

  it('limits an address after 10 failures across login ids; another address is not limited', async () => {
    const attacker = env.VERCEL ? '203.0.113.50' : '203.0.113.60';
    const prefix = env.VERCEL ? 'sprayed' : 'proxied';
    for (let i = 0; i < 10; i++) {
      expect(await codeOf(await attemptFrom(`${prefix}-${i}`, 'guess', attacker))).toBe(
        'invalid_credentials',
      );
    }
    await expectRateLimited(await attemptFrom(`${prefix}-10`, 'guess', attacker));
    await expectRateLimited(await attemptFrom('on-vercel', password, attacker));
    expect(await codeOf(await attemptFrom('on-vercel', password, '198.51.100.51'))).toBe('ok');
  });

  it('logs an address going on through new login ids once a minute, not once a request', async () => {
    const attacker = env.VERCEL ? '203.0.113.70' : '203.0.113.80';
    const prefix = env.VERCEL ? 'cycled' : 'rotated';
    for (let i = 0; i < 10; i++) await attemptFrom(`${prefix}-${i}`, 'guess', attacker);
    for (let i = 10; i < 20; i++)
      await expectRateLimited(await attemptFrom(`${prefix}-${i}`, 'guess', attacker));
    const { eq } = await import('drizzle-orm');
    const lockouts = await db
      .select()
      .from(schema.activityEvents)
      .where(eq(schema.activityEvents.subject, `address ${attacker}`));
    expect(lockouts).toEqual([
      expect.objectContaining({ kind: 'sign_in_locked_out', detail: { by: 'address' } }),
    ]);
  });
});

describe('concurrent attempts', () => {
  // A burst of parallel wrong passwords must not get more than 10 password checks: each request
  // checks the limit before any failure of the burst is recorded (check-then-act race).
  it('answers at most 10 of 15 simultaneous wrong passwords with 401, the others with 429', async () => {
    const responses = await Promise.all(
      Array.from({ length: 15 }, (_, i) => attempt('burst', `parallel-wrong-${i}`)),
    );
    const codes = await Promise.all(responses.map(codeOf));
    const tally = {
      invalid_credentials: codes.filter((code) => code === 'invalid_credentials').length,
      rate_limited: codes.filter((code) => code === 'rate_limited').length,
    };
    // However a fix serializes the burst, no more than 10 passwords may be checked.
    expect(tally.invalid_credentials + tally.rate_limited).toBe(15);
    expect(tally.invalid_credentials).toBeLessThanOrEqual(10);
  });
});

describe('lockout without denial of service (contract §15)', () => {
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('__Host-gavel_device='))!
      .split(';')[0]!;

  it("keeps the owner's browser signing in while others' guesses lock the account", async () => {
    await addStaff(db, { loginId: 'owner', displayName: 'Owner', password });
    const owner = await attempt('owner', password);
    expect(owner.status).toBe(200);
    const device = cookieOf(owner);

    // Another browser guesses 20 times: 10 refused as wrong, then the limit.
    const codes: string[] = [];
    for (let i = 0; i < 20; i++) codes.push(await codeOf(await attempt('owner', `guess-${i}`)));
    expect(codes).toEqual([
      ...Array(10).fill('invalid_credentials'),
      ...Array(10).fill('rate_limited'),
    ]);

    // The owner's browser still signs in; a new browser is refused with Retry-After.
    expect(await codeOf(await attempt('owner', password, { cookie: device }))).toBe('ok');
    await expectRateLimited(await attempt('owner', password));

    // Failures were still counted and logged, the lockout too (once a minute at most).
    const log = await db.select().from(schema.activityEvents);
    const owners = log.filter((event) => event.actorLoginId === 'owner');
    expect(owners.filter((event) => event.kind === 'sign_in_failed')).toHaveLength(10);
    expect(owners.filter((event) => event.kind === 'sign_in_locked_out')).toHaveLength(1);
    expect(owners.filter((event) => event.kind === 'sign_in')).toHaveLength(2);
    expect(JSON.stringify(owners)).not.toMatch(/guess-|the right password/);
  });

  it("gives the owner's browser its own allowance, not a way around the limit", async () => {
    await addStaff(db, { loginId: 'known', displayName: 'Known', password });
    const device = cookieOf(await attempt('known', password));
    for (let i = 0; i < 10; i++) {
      expect(await codeOf(await attempt('known', `wrong-${i}`, { cookie: device }))).toBe(
        'invalid_credentials',
      );
    }
    await expectRateLimited(await attempt('known', password, { cookie: device }));
    // Its failures were its own: another browser is not locked out by them.
    expect(await codeOf(await attempt('known', password))).toBe('ok');
  });

  it('trusts a device cookie only for the accounts it signed in to', async () => {
    await addStaff(db, { loginId: 'target', displayName: 'Target', password });
    await addStaff(db, { loginId: 'mallory', displayName: 'M', password });
    const malloryDevice = cookieOf(await attempt('mallory', password));
    for (let i = 0; i < 10; i++) await attempt('target', `wrong-${i}`);
    await expectRateLimited(await attempt('target', password, { cookie: malloryDevice }));
  });
});
