/** @jest-environment node */
// An admin removed while an action of theirs waits (contract §15): the action, authorized when
// its request began, does not finish. Three admins: A disables B, then B's change, add, reset
// and end-sessions each meet 403 inside their transaction (with two admins, B's change would meet
// `last_admin` first, as the race test in staff-suite.ts shows). Real in-memory PGlite.
import '@/testing/server/memory-database-env';
import type { Database } from '@/lib/server/db/database';
import { addStaff as addAccount } from '@/testing/server/staff-fixture';

type Accounts = typeof import('@/lib/server/auth/accounts');
type Connection = typeof import('@/lib/server/db/connection');

let connection: Connection;
let accounts: Accounts;
let db: Database;

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  accounts = await import('@/lib/server/auth/accounts');
  db = await connection.database();
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

async function admin(loginId: string) {
  const { id, displayName } = await addAccount(db, {
    loginId,
    displayName: loginId.toUpperCase(),
    role: 'admin',
  });
  return { id, loginId, displayName };
}

it('refuses every admin action of an account disabled or demoted meanwhile', async () => {
  const { changeStaff } = await import('@/lib/server/staff/change-staff');
  const { addStaff } = await import('@/lib/server/staff/add-staff');
  const { endStaffSessions } = await import('@/lib/server/staff/end-staff-sessions');
  const [a, b, c] = [await admin('ann'), await admin('bob'), await admin('cat')];

  await changeStaff(db, a, b.loginId, { status: 'disabled' });
  const forbidden = { code: 'forbidden', status: 403 };
  await expect(changeStaff(db, b, a.loginId, { status: 'disabled' })).rejects.toMatchObject(
    forbidden,
  );
  await expect(
    addStaff(db, b, { loginId: 'bob-friend', displayName: 'Friend', role: 'admin' }),
  ).rejects.toMatchObject(forbidden);
  await expect(
    accounts.resetPassword(db, c.loginId, 'a temporary one', { actor: b, temporary: true }),
  ).rejects.toMatchObject(forbidden);
  await expect(endStaffSessions(db, b, c.loginId)).rejects.toMatchObject(forbidden);
  expect(await accounts.findAccount(db, 'bob-friend')).toBeNull();
  expect(await accounts.findAccount(db, a.loginId)).toMatchObject({ disabledAt: null });

  // Demoted rather than disabled: the same.
  await changeStaff(db, a, b.loginId, { status: 'enabled', role: 'supervisor' });
  await expect(changeStaff(db, b, c.loginId, { role: 'clerk' })).rejects.toMatchObject(forbidden);
  // Still an admin: the action goes through.
  await expect(changeStaff(db, c, b.loginId, { role: 'admin' })).resolves.toMatchObject({
    role: 'admin',
  });
});
