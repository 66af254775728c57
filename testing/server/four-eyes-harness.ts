import 'server-only';
import type { Agreement } from '@/lib/agreements/agreement';
import type { Role } from '@/lib/auth/roles';
import { agreementsApi, ingestItemFactory } from './agreements-requests';
import { staffSignedIn } from './staff-fixture';

/**
 * The staff, requests and thresholds of the four-eyes suites (four-eyes-suite.ts,
 * four-eyes-bulk-suite.ts), with the hooks that open the database the calling test file chose and
 * sign the staff in. The login ids are plain (`alice`): the database must not have them already (a
 * fresh PGlite, or `npm run test:postgres`'s cluster).
 */
export function fourEyesHarness() {
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

  const api = agreementsApi(() => cookies.alice!);
  const newItem = ingestItemFactory('four-eyes-');

  /** USD 100,000.00: exactly at the default threshold. */
  const atThreshold = 10_000_000;
  const below = { amount: atThreshold - 1 };
  const above = { amount: atThreshold };

  beforeAll(async () => {
    connection = await import('@/lib/server/db/connection');
    const db = await connection.database();
    for (const [loginId, role] of Object.entries(staff)) {
      cookies[loginId] = await staffSignedIn(db, { loginId, displayName: names[loginId]!, role });
    }
  });

  afterAll(async () => {
    if (connection) await (await connection.databaseHandle()).close();
  });

  const ingestOne = async (change: Record<string, unknown> = {}) =>
    (await api.ingest([newItem(change)]))[0]!;

  async function approveAs(loginId: string, agreement: Agreement): Promise<Response> {
    return api.decide(
      agreement.id,
      { decision: 'approve', version: agreement.version },
      cookies[loginId]!,
    );
  }

  async function okJson<T>(response: Response): Promise<T> {
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  }

  /** A 409 carrying the agreement as it is now. */
  async function expectConflictWith(response: Response, current: Agreement) {
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body).toEqual({
      error: { code: 'conflict', message: expect.any(String) },
      agreement: current,
    });
    return body;
  }

  return {
    ...api,
    database: () => connection.database(),
    cookies,
    staff,
    newItem,
    below,
    above,
    ingestOne,
    approveAs,
    okJson,
    expectConflictWith,
  };
}

export type FourEyesHarness = ReturnType<typeof fourEyesHarness>;
