/** @jest-environment node */
// ACTIVITY_RETENTION_DAYS on a real in-memory PGlite: events older than the retention go, the
// rest stay, whoever and whatever they are.
import '@/testing/server/memory-database-env';

type Connection = typeof import('@/lib/server/db/connection');
let connection: Connection;

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
});
afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

const now = new Date('2026-11-28T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

it('deletes the events older than the retention and keeps the others', async () => {
  const { activityEvents } = await import('@/lib/server/db/schema');
  const { deleteOldActivity } = await import('./retention');
  const db = await connection.database();
  const ages = [0, 10, 399, 400, 401, 1000];
  await db.insert(activityEvents).values(
    ages.map((age) => ({
      at: daysAgo(age),
      kind: age % 2 ? 'sign_in' : 'agreement_decided',
      actorLoginId: `aged-${age}`,
    })),
  );
  // One millisecond inside the retention stays.
  await db.insert(activityEvents).values({
    at: new Date(daysAgo(400).getTime() + 1),
    kind: 'sign_out',
    actorLoginId: 'just-inside',
  });

  expect(await deleteOldActivity(db, 400, now)).toBe(2);
  const left = await db.select({ who: activityEvents.actorLoginId }).from(activityEvents);
  expect(left.map((row) => row.who).sort()).toEqual(
    ['aged-0', 'aged-10', 'aged-399', 'aged-400', 'just-inside'].sort(),
  );
  // Nothing older is left: a second run deletes nothing; a shorter retention deletes more.
  expect(await deleteOldActivity(db, 400, now)).toBe(0);
  expect(await deleteOldActivity(db, 30, now)).toBe(3);
});
