/** @jest-environment node */
// Migration 0004_roles on a PostgreSQL database that already has accounts, in a database of its
// own made for the test and dropped after it. Run by `npm run test:postgres`.
import '@/testing/server/postgres-database-env';
import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Client, Pool } from 'pg';
import { migrationsBefore } from '@/testing/server/migrations-before';
import { expectRolesMigration } from '@/testing/server/roles-migration-check';
import { migrationsFolder } from './database';

jest.setTimeout(120_000);

const serverUrl = new URL(process.env.DATABASE_URL!);
const name = `gavel_roles_${randomUUID().slice(0, 8)}`;
const before = migrationsBefore(migrationsFolder, '0004_roles');
let pool: Pool | undefined;

async function onServer(statement: string) {
  const admin = new Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

beforeAll(() => onServer(`create database "${name}"`));

afterAll(async () => {
  await pool?.end();
  await onServer(`drop database if exists "${name}"`);
  before.remove();
});

it('makes the accounts that exist admin, later ones clerk, and refuses other roles', async () => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  pool = new Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzle({ client: pool });
  await expectRolesMigration(db, {
    migrateBefore: () => migrate(db, { migrationsFolder: before.folder }),
    migrateAll: () => migrate(db, { migrationsFolder }),
  });
});
