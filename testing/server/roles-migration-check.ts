// What migration 0004_roles must do, checked the same way on PGlite and on PostgreSQL: accounts
// that exist become admin, an account inserted afterwards without a role is a clerk, and the
// database refuses any role outside the three, or none.
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

type AnyDatabase = PgDatabase<PgQueryResultHKT>;

const rows = async <Row>(db: AnyDatabase, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

export async function expectRolesMigration(
  db: AnyDatabase,
  steps: { migrateBefore: () => Promise<void>; migrateAll: () => Promise<void> },
) {
  await steps.migrateBefore();
  await db.execute(sql`
    insert into staff_accounts (id, login_id, display_name, password_hash) values
      (gen_random_uuid(), 'old-timer', 'Old Timer', 'x'),
      (gen_random_uuid(), 'veteran', 'Veteran', 'x')
  `);
  await steps.migrateAll();

  await db.execute(sql`
    insert into staff_accounts (id, login_id, display_name, password_hash)
    values (gen_random_uuid(), 'newcomer', 'Newcomer', 'x')
  `);
  expect(
    await rows<{ login_id: string; role: string }>(
      db,
      sql`select login_id, role from staff_accounts order by login_id`,
    ),
  ).toEqual([
    { login_id: 'newcomer', role: 'clerk' },
    { login_id: 'old-timer', role: 'admin' },
    { login_id: 'veteran', role: 'admin' },
  ]);

  for (const role of ['owner', 'Admin', '', null]) {
    await expect(
      db.execute(sql`update staff_accounts set role = ${role} where login_id = 'newcomer'`),
    ).rejects.toThrow();
  }
  for (const role of ['supervisor', 'admin', 'clerk']) {
    await db.execute(sql`update staff_accounts set role = ${role} where login_id = 'newcomer'`);
  }
}
