/** @jest-environment node */
// The embedded default's sample agreements, on a real in-memory PGlite.
import '@/testing/server/memory-database-env';
import { count } from 'drizzle-orm';
import { parseEnv } from '@/lib/env';
import type { DatabaseHandle } from '@/lib/server/db/database';

let handle: DatabaseHandle;
let ensureSampleAgreements: typeof import('./sample-agreements').ensureSampleAgreements;
let agreements: typeof import('@/lib/server/db/schema').agreements;

beforeAll(async () => {
  handle = await (await import('@/lib/server/db/connection')).databaseHandle();
  ({ ensureSampleAgreements } = await import('./sample-agreements'));
  ({ agreements } = await import('@/lib/server/db/schema'));
});

afterAll(() => handle.close());

const rows = async () => (await handle.db.select({ n: count() }).from(agreements))[0]!.n;
const embedded = parseEnv({ DATA_DIR: 'memory://' });

it('adds nothing with a real database or in production', async () => {
  await ensureSampleAgreements(handle.db, { ...embedded, databaseUrl: 'postgres://db/gavel' });
  await ensureSampleAgreements(handle.db, { ...embedded, appEnv: 'production' });
  expect(await rows()).toBe(0);
});

it('adds eight pending agreements once, closed hours ago; a restart adds none', async () => {
  const now = new Date('2026-11-21T12:00:00Z');
  await ensureSampleAgreements(handle.db, embedded, now);
  await ensureSampleAgreements(handle.db, embedded, now);
  const stored = await handle.db.select().from(agreements);
  expect(stored).toHaveLength(8);
  for (const agreement of stored) {
    expect(agreement.status).toBe('pending');
    expect(agreement.platformId).toMatch(/^sample-\d{4}$/);
    expect(agreement.closedAt.getTime()).toBeLessThan(now.getTime());
  }
});
