/** @jest-environment node */
// Staff administration (contract §15) on a real PostgreSQL server: the suite staff-api.test.ts
// runs on PGlite, here with real concurrent transactions for the last-admin race. Run by
// `npm run test:postgres`. The rule counts every enabled admin of the database, and the race sets
// the others aside for a moment: this file works in a database of its own on that server, so the
// other files' admins neither change its answer nor get set aside.
import '@/testing/server/postgres-database-env';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { expectProblem } from '@/testing/server/agreements-requests';
import { describeStaffApi } from '@/testing/server/staff-suite';

jest.setTimeout(120_000);

const serverUrl = process.env.DATABASE_URL!;
const ownDatabase = `gavel_staff_${randomUUID().replaceAll('-', '')}`;

async function onServer(statement: string) {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// Registered before the suite's own hooks: the database exists before the suite opens it.
beforeAll(async () => {
  await onServer(`create database ${ownDatabase}`);
  const url = new URL(serverUrl);
  url.pathname = `/${ownDatabase}`;
  process.env.DATABASE_URL = url.toString();
});

const staff = describeStaffApi();

// Registered after the suite's hooks: its connections are closed before the database goes.
afterAll(async () => {
  await onServer(`drop database if exists ${ownDatabase} with (force)`);
});

/**
 * Starts `race` while this connection holds every enabled admin's row, and lets go once two
 * other transactions wait for them: both calls are then past their session checks and truly race.
 */
async function whileAdminsHeld(race: () => Promise<Response[]>): Promise<Response[]> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `select id from staff_accounts where role = 'admin' and disabled_at is null for update`,
    );
    const answers = race();
    answers.catch(() => undefined); // awaited below; a rejection must not go unhandled meanwhile
    for (let tries = 0; ; tries++) {
      const { rows } = await client.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.waiting >= 2) break;
      if (tries === 500) throw new Error('The two calls never waited for the admin rows.');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await client.query('commit');
    return await answers;
  } finally {
    await client.end();
  }
}

it('two admins demoting each other through PATCH at the same moment: 200 and 409 last_admin', async () => {
  const [x, y] = [await staff.newAccount('admin', 'race'), await staff.newAccount('admin', 'race')];
  const [xCookie, yCookie] = [await staff.session(x.id), await staff.session(y.id)];
  await staff.onlyAdmins([x.id, y.id], async () => {
    const answers = await whileAdminsHeld(() =>
      Promise.all([
        staff.call('change', xCookie, { loginId: y.loginId, body: { role: 'clerk' } }),
        staff.call('change', yCookie, { loginId: x.loginId, body: { role: 'clerk' } }),
      ]),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await expectProblem(
      answers.find((answer) => answer.status === 409)!,
      409,
      'last_admin',
    );
    const roles = [await staff.roleOf(x.loginId), await staff.roleOf(y.loginId)];
    expect(roles.sort()).toEqual(['admin', 'clerk']);
  });
});
