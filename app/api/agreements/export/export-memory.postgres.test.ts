/** @jest-environment node */
// GET /api/agreements/export of 100,000 agreements, as CSV and as a workbook, through the route
// handler on PostgreSQL, in a database of its own (made for the test, dropped after it). The
// memory the process still holds at a full collection, and its resident memory, are sampled while
// the file downloads: neither may grow with the rows. Ratios, not times: the peak rise over what
// the process held before the request, for all the rows against a tenth of them. Filling 110,000
// rows takes seconds on PostgreSQL and a minute or more on PGlite, hence this suite
// (`npm run test:postgres`) rather than the in-memory one.
import '@/testing/server/postgres-database-env';
import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { Client } from 'pg';
import { staffSignedIn } from '@/testing/server/staff-fixture';

jest.setTimeout(300_000);

const serverUrl = new URL(process.env.DATABASE_URL!);
const name = `gavel_export_${randomUUID().slice(0, 8)}`;
const url = new URL(serverUrl);
url.pathname = `/${name}`;
// Read by the connection at its first use, after this file made the database.
process.env.DATABASE_URL = url.toString();

const origin = 'http://localhost:3000';
const large = 100_000;
const small = 10_000;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

type ExportRoute = typeof import('./route');
let route: ExportRoute;
let cookie: string;

async function onServer(statement: string) {
  const admin = new Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** What the process holds once garbage is collected: the heap and the buffers outside it. */
function held(): number {
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

interface Download {
  bytes: number;
  /** The peak of `held()` during the download, above what it was before the request. */
  heldRise: number;
  /** The peak resident memory during the download, above what it was before the request. */
  rssRise: number;
}

/** One export downloaded as a browser would, its bytes counted and dropped, memory sampled. */
async function download(sale: string, format: 'csv' | 'xlsx'): Promise<Download> {
  const before = held();
  const rssBefore = process.memoryUsage().rss;
  let peak = before;
  let rssPeak = rssBefore;
  const response = await route.GET(
    new NextRequest(`${origin}/api/agreements/export?sale=${sale}&format=${format}`, {
      headers: { cookie: `__Host-gavel_session=${cookie}` },
    }),
  );
  expect(response.status).toBe(200);
  let bytes = 0;
  let sampledAt = 0;
  const reader = response.body!.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength;
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    // A full collection every 256 KiB downloaded: tens of samples, whatever the chunks' size.
    if (bytes - sampledAt >= 256 * 1024) {
      sampledAt = bytes;
      peak = Math.max(peak, held());
    }
  }
  peak = Math.max(peak, held());
  return { bytes, heldRise: peak - before, rssRise: rssPeak - rssBefore };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Agreements of one sale, their lots catalogued but one in four, a flag on one lot in ten. */
async function fill(sale: string, rows: number) {
  const { database } = await import('@/lib/server/db/connection');
  const db = await database();
  await db.execute(sql`
    insert into agreements (id, platform_id, auction_id, lot_id, lot_title, buyer, amount, currency, closed_at, approvals)
    select gen_random_uuid(), ${sale} || '-' || i, ${sale}, 'lot-' || lpad(i::text, 6, '0'),
      (array['Patek Philippe ref. 2499', 'Omega Speedmaster', 'Jaguar E-Type', 'Nu couché'])[1 + i % 4] || ', no. ' || i,
      'Paddle ' || (i % 997), 10000 + (i * 7919) % 5000000, (array['EUR', 'JPY', 'BHD'])[1 + i % 3],
      timestamptz '2026-01-01 00:00:00+00' + i * interval '1 second',
      case when i % 5 = 0 then jsonb_build_array(jsonb_build_object('accountId', gen_random_uuid(),
        'loginId', 'erin', 'displayName', 'Erin Walsh', 'at', '2026-02-01T10:00:00.000Z'))
        else '[]'::jsonb end
    from generate_series(1, ${rows}) as i`);
  await db.execute(sql`
    insert into lots (auction_id, sale_title, lot_id, lot_number, lot_title, currency, low_estimate, high_estimate, starting_bid)
    select ${sale}, 'Sale ' || ${sale}, 'lot-' || lpad(i::text, 6, '0'), i, 'Lot ' || i, 'EUR', 1000, 2000, 500
    from generate_series(1, ${rows}) as i where i % 4 <> 3`);
  await db.execute(sql`
    insert into sale_flags (id, rule, auction_id, lot_id, paddles, bid_ids, raised_at, timetoken, state)
    select ${sale} || '-flag-' || i, 'self-raise', ${sale}, 'lot-' || lpad(i::text, 6, '0'), '["P-1"]', '[]',
      timestamptz '2026-01-01 00:00:00+00', (17670000000000000 + i)::text,
      (array['open', 'escalated', 'cleared'])[1 + i % 3]
    from generate_series(10, ${rows}, 10) as i`);
  await db.execute(sql`analyze`);
}

beforeAll(async () => {
  await onServer(`create database "${name}"`);
  route = await import('./route');
  const { database } = await import('@/lib/server/db/connection');
  cookie = await staffSignedIn(await database(), { loginId: 'erin', displayName: 'Erin Walsh' });
  await fill('memory-large', large);
  await fill('memory-small', small);
});

afterAll(async () => {
  const { databaseHandle } = await import('@/lib/server/db/connection');
  await (await databaseHandle()).close();
  await onServer(`drop database if exists "${name}"`);
});

describe.each(['csv', 'xlsx'] as const)('%s of 100,000 agreements', (format) => {
  it('holds about as much memory as a tenth of the rows', async () => {
    // The first export of the size grows V8's heap, the connection's buffers and the compiled
    // code once and for all, as on a server that has been up for a while.
    await download('memory-large', format);
    const tenth = await download('memory-small', format);
    const all = await download('memory-large', format);
    console.info(
      `${format}: ${small} rows ${mb(tenth.bytes)}, held +${mb(tenth.heldRise)}, rss +${mb(tenth.rssRise)}; ` +
        `${large} rows ${mb(all.bytes)}, held +${mb(all.heldRise)}, rss +${mb(all.rssRise)}`,
    );
    expect(all.bytes).toBeGreaterThan(tenth.bytes * 9);
    // Ten times the rows, not ten times the memory: what grew with the rows would be ten times
    // the tenth's. A floor keeps the noise of a small rise (a collection's timing) out.
    expect(all.heldRise).toBeLessThan(Math.max(tenth.heldRise, 1024 * 1024) * 2);
    expect(all.rssRise).toBeLessThan(Math.max(tenth.rssRise, 4 * 1024 * 1024) * 4);
  });
});
