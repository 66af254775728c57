/** @jest-environment node */
// The embedded default's demo accounts, on a real in-memory PGlite.
import '@/testing/server/memory-database-env';
import { asc } from 'drizzle-orm';
import { parseEnv } from '@/lib/env';
import type { DatabaseHandle } from '@/lib/server/db/database';

let handle: DatabaseHandle;
let ensureDemoAccounts: typeof import('./demo-accounts').ensureDemoAccounts;
let staffAccounts: typeof import('@/lib/server/db/schema').staffAccounts;
let accounts: typeof import('@/lib/server/auth/accounts');
let verifyPassword: typeof import('@/lib/server/auth/password').verifyPassword;
let info: jest.SpyInstance;

beforeAll(async () => {
  handle = await (await import('@/lib/server/db/connection')).databaseHandle();
  ({ ensureDemoAccounts } = await import('./demo-accounts'));
  ({ staffAccounts } = await import('@/lib/server/db/schema'));
  accounts = await import('@/lib/server/auth/accounts');
  ({ verifyPassword } = await import('@/lib/server/auth/password'));
});

beforeEach(() => {
  info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => info.mockRestore());

afterAll(() => handle.close());

const stored = () =>
  handle.db
    .select({
      loginId: staffAccounts.loginId,
      displayName: staffAccounts.displayName,
      role: staffAccounts.role,
      disabledAt: staffAccounts.disabledAt,
    })
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.loginId));

const embedded = parseEnv({ DATA_DIR: 'memory://', DEMO_PASSWORD: 'a demo password' });

it('creates nothing with a real database or in production', async () => {
  await ensureDemoAccounts(handle.db, { ...embedded, databaseUrl: 'postgres://db/gavel' });
  await ensureDemoAccounts(handle.db, { ...embedded, appEnv: 'production' });
  await ensureDemoAccounts(handle.db, { ...embedded, demoPassword: null });
  expect(await stored()).toEqual([]);
  expect(info).not.toHaveBeenCalled();
});

it('creates demo (admin) and clerk (clerk) with DEMO_PASSWORD and names both', async () => {
  await ensureDemoAccounts(handle.db, embedded);
  expect(await stored()).toEqual([
    { loginId: 'clerk', displayName: 'Claire Clerk', role: 'clerk', disabledAt: null },
    { loginId: 'demo', displayName: 'Demo Staff', role: 'admin', disabledAt: null },
  ]);
  for (const loginId of ['demo', 'clerk']) {
    const account = await accounts.findAccount(handle.db, loginId);
    expect(await verifyPassword(account!.passwordHash, 'a demo password')).toBe(true);
  }
  expect(info).toHaveBeenCalledTimes(1);
  expect(info).toHaveBeenCalledWith(
    'gavel: demo staff accounts "demo" (admin) and "clerk" (clerk), password "a demo password"',
  );
});

it('adds nothing at a restart and keeps what the accounts CLI changed', async () => {
  const before = await accounts.findAccount(handle.db, 'clerk');
  await accounts.setAccountRole(handle.db, 'clerk', 'supervisor');
  await ensureDemoAccounts(handle.db, embedded);
  await ensureDemoAccounts(handle.db, { ...embedded, demoPassword: 'another password' });
  const rows = await stored();
  expect(rows.map(({ loginId, role }) => [loginId, role])).toEqual([
    ['clerk', 'supervisor'],
    ['demo', 'admin'],
  ]);
  const after = await accounts.findAccount(handle.db, 'clerk');
  expect(after!.id).toBe(before!.id);
  expect(after!.passwordHash).toBe(before!.passwordHash);
});

it('creates the one that is missing', async () => {
  await handle.db.delete(staffAccounts);
  await accounts.createAccount(handle.db, {
    loginId: 'demo',
    displayName: 'Demo Staff',
    password: 'a demo password',
    role: 'admin',
  });
  await ensureDemoAccounts(handle.db, embedded);
  expect((await stored()).map(({ loginId, role }) => [loginId, role])).toEqual([
    ['clerk', 'clerk'],
    ['demo', 'admin'],
  ]);
});
