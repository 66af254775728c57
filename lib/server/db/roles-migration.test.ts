/** @jest-environment node */
// Migration 0004_roles on an embedded database that already has accounts: they become admin; an
// account inserted without a role afterwards is a clerk; the database refuses any other role.
// roles-migration.postgres.test.ts does the same on PostgreSQL.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsBefore } from '@/testing/server/migrations-before';
import { expectRolesMigration } from '@/testing/server/roles-migration-check';
import { migrationsFolder, pgliteExtensions } from './database';

jest.setTimeout(60_000);

const before = migrationsBefore(migrationsFolder, '0004_roles');
const client = new PGlite({ extensions: pgliteExtensions });
const db = drizzle({ client });

afterAll(async () => {
  await client.close();
  before.remove();
});

it('makes the accounts that exist admin, later ones clerk, and refuses other roles', async () => {
  await expectRolesMigration(db, {
    migrateBefore: () => migrate(db, { migrationsFolder: before.folder }),
    migrateAll: () => migrate(db, { migrationsFolder }),
  });
});
