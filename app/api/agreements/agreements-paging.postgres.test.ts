/** @jest-environment node */
// Paging the agreements on a real PostgreSQL server while the platform ingests, through the route
// handlers with requests really in flight together: what PGlite, one transaction at a time,
// cannot show (ADR 0005). Run by `npm run test:postgres`.
import '@/testing/server/postgres-database-env';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Agreement, AgreementPage } from '@/lib/agreements/agreement';
import { ids } from './agreements-api-fixture';
import { agreementsPostgresFixture } from './agreements-postgres-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

jest.setTimeout(120_000);

const { db, schema, newItems, ingest, listOk } = agreementsPostgresFixture();

describe('paging while the platform ingests', () => {
  // Ingests that run side by side commit in the order they took their `seq`, unless one is
  // slower: this test-only trigger holds each insert a random 0 to 100 ms before its commit (a
  // larger batch, a busier instance), so that without the ingest lock a later `seq` would often
  // commit first, and a walk at the newest agreement would step over the earlier ones.
  beforeAll(async () => {
    await db().execute(sql`
      create function test_ingest_jitter() returns trigger language plpgsql as $$
      begin perform pg_sleep(random() * 0.1); return null; end $$`);
    await db().execute(sql`
      create trigger test_ingest_jitter after insert on agreements
      for each statement execute function test_ingest_jitter()`);
  });
  afterAll(async () => {
    await db().execute(sql`drop trigger test_ingest_jitter on agreements`);
    await db().execute(sql`drop function test_ingest_jitter()`);
  });

  it('limit-7 walks during 20 ingests of 10 from 5 senders at once visit each agreement once, in seq order', async () => {
    // 20 batches of 10 from 5 senders at once, 4 batches each: 5 ingests in flight at a time, which
    // leaves the walks connections of the pool (10) they share in this one process.
    const senders = Array.from({ length: 5 }, () => Array.from({ length: 4 }, () => newItems(10)));
    // True until the last ingest has answered; the walks start before the first one is sent.
    let ingesting = true;

    // A walk keeps the last cursor the API gave. A page without a next cursor is the end for now:
    // while ingests may still come, the walk asks again from that cursor (the same page, and
    // whatever has arrived since) until a page asked after the last ingest answered ends it.
    // Only pages with a next cursor move the walk forward.
    const walk = async (reachedEnd: () => void) => {
      const visited: Agreement[] = [];
      let visitedDuringIngest = 0;
      let cursor: string | null = null;
      for (let pages = 0; pages < 100_000; pages += 1) {
        const ingestFinishedBefore = !ingesting;
        const page: AgreementPage = await listOk(
          `?limit=7${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
        );
        if (page.nextCursor !== null) {
          if (ingesting) visitedDuringIngest += page.items.length;
          visited.push(...page.items);
          cursor = page.nextCursor;
        } else if (ingestFinishedBefore) {
          visited.push(...page.items);
          return { visited, visitedDuringIngest };
        } else {
          reachedEnd();
        }
      }
      throw new Error('the walk never ended');
    };

    // Three staff members paging at once; the platform starts sending once each has reached the
    // newest agreement, where an ingest committing out of order would make it skip one.
    const walks = [1, 2, 3].map(() => {
      let reachedEnd = () => {};
      const atEnd = new Promise<void>((resolve) => (reachedEnd = resolve));
      return { atEnd, result: walk(reachedEnd) };
    });
    const ingestion = async () => {
      await Promise.all(walks.map(({ atEnd }) => atEnd));
      try {
        const answered = await Promise.all(
          senders.map(async (sender) => {
            const agreements: Agreement[] = [];
            for (const batch of sender) agreements.push(...(await ingest(batch)));
            return agreements;
          }),
        );
        return answered.flat();
      } finally {
        ingesting = false;
      }
    };
    const [ingested, ...results] = await Promise.all([
      ingestion(),
      ...walks.map(({ result }) => result),
    ]);

    expect(ingested).toHaveLength(200);
    const ours = new Set(ids(ingested));
    const inSeqOrder = await db()
      .select({ id: schema().agreements.id })
      .from(schema().agreements)
      .where(inArray(schema().agreements.id, [...ours]))
      .orderBy(asc(schema().agreements.seq));
    for (const { visited, visitedDuringIngest } of results) {
      // Truly concurrent: the walk moved past some agreements before the last ingest answered.
      expect(visitedDuringIngest).toBeGreaterThan(0);
      expect(new Set(ids(visited)).size).toBe(visited.length);
      expect(ids(visited.filter((agreement) => ours.has(agreement.id)))).toEqual(
        inSeqOrder.map((row) => row.id),
      );
    }
  });
});
