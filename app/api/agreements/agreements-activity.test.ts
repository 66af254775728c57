/** @jest-environment node */
// The back office writes to the activity log (contract §15): each decision and reopening in the
// transaction of the change, each export with its filter and rows; on a real in-memory PGlite.
import '@/testing/server/memory-database-env';
import { NextRequest } from 'next/server';
import type { Database } from '@/lib/server/db/database';
import { agreementsApi, ingestItemFactory } from '@/testing/server/agreements-requests';
import { staffSignedIn } from '@/testing/server/staff-fixture';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;
delete process.env.APPROVAL_THRESHOLDS;

type Connection = typeof import('@/lib/server/db/connection');
type Schema = typeof import('@/lib/server/db/schema');

let connection: Connection;
let schema: Schema;
let db: Database;
let cookie: string;

const { ingest, decide, reopen } = agreementsApi(() => cookie);
const newItem = ingestItemFactory('activity-');

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  schema = await import('@/lib/server/db/schema');
  db = await connection.database();
  cookie = await staffSignedIn(db, {
    loginId: 'sup',
    displayName: 'Sue Pervisor',
    role: 'supervisor',
  });
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

async function eventsOf(kind: string) {
  const { eq } = await import('drizzle-orm');
  return db
    .select()
    .from(schema.activityEvents)
    .where(eq(schema.activityEvents.kind, kind))
    .orderBy(schema.activityEvents.id);
}

it('logs a decision and a reopening with who, which agreement and what', async () => {
  const [agreement] = await ingest([newItem()]);
  const decided = await decide(agreement!.id, {
    decision: 'reject',
    reason: 'Buyer withdrew',
    version: agreement!.version,
  });
  expect(decided.status).toBe(200);
  const { version } = (await decided.json()) as { version: number };
  expect((await reopen(agreement!.id, { reason: 'Buyer came back', version })).status).toBe(200);

  const [decision] = await eventsOf('agreement_decided');
  expect(decision).toMatchObject({
    actorLoginId: 'sup',
    actorName: 'Sue Pervisor',
    subject: agreement!.id,
    detail: { action: 'reject', status: 'rejected', reason: 'Buyer withdrew' },
  });
  const [reopening] = await eventsOf('agreement_reopened');
  expect(reopening).toMatchObject({
    subject: agreement!.id,
    detail: { action: 'reopen', status: 'pending', reason: 'Buyer came back' },
  });
});

it('logs a refused decision not at all: the change and its record go together', async () => {
  const [agreement] = await ingest([newItem()]);
  const before = (await eventsOf('agreement_decided')).length;
  const stale = await decide(agreement!.id, {
    decision: 'approve',
    version: agreement!.version + 5,
  });
  expect(stale.status).toBe(409);
  expect(await eventsOf('agreement_decided')).toHaveLength(before);
});

it('logs an export once it was sent, with its filter, its file and its rows', async () => {
  const { GET } = await import('@/app/api/agreements/export/route');
  const origin = 'http://localhost:3000';
  const response = await GET(
    new NextRequest(`${origin}/api/agreements/export?status=pending&format=csv`, {
      headers: { cookie: `__Host-gavel_session=${cookie}` },
    }),
  );
  expect(response.status).toBe(200);
  const lines = (await response.text()).trim().split('\n');
  const [exported] = await eventsOf('agreements_exported');
  expect(exported).toMatchObject({
    actorLoginId: 'sup',
    detail: {
      filter: { status: 'pending' },
      format: 'csv',
      rows: lines.length - 1,
      complete: true,
    },
  });
});
