// The agreements export's time and memory: 100,000 agreements in an embedded PGlite (most of their
// lots catalogued, some flagged, some approved once), exported through the route handler
// (GET /api/agreements/export) in this process, which plays the server, as CSV and as an Excel
// workbook (format=xlsx), rounds alternating. Prints how long each took and how far the process's
// memory rose above what it held before it, and the same for reading every row into one CSV
// string, for scale. Figures, never assertions (docs/benchmarks.md).
// `node bench/agreements-export.mjs [rows] [sort]` (sort: `-amount`, the default, every page
// across hundreds of sales; `closedAt`, the screen's default, a sale or two a page): it restarts
// itself under tsx to load the TypeScript.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const flags = ['--conditions=react-server', '--expose-gc', '--import', 'tsx'];
if (!process.execArgv.includes('--conditions=react-server')) {
  const file = fileURLToPath(import.meta.url);
  const run = spawnSync(process.execPath, [...flags, file, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  process.exit(run.status ?? 1);
}

const rows = Number(process.argv[2] ?? 100_000);
const sort = process.argv[3] ?? '-amount';
const origin = 'http://localhost:3000';
process.env.DATA_DIR = 'memory://';
process.env.SESSION_SECRET = 'e'.repeat(48);
delete process.env.DATABASE_URL;

const { NextRequest } = await import('next/server');
const { database, databaseHandle } = await import('@/lib/server/db/connection');
const { ingestAgreements } = await import('@/lib/server/agreements/ingest');
const { readExportPage } = await import('@/lib/server/agreements/export-page');
const { exportCsvFields, csvRecord } = await import('@/lib/server/agreements/csv');
const { lots, saleFlags } = await import('@/lib/server/db/schema');
const { sql } = await import('drizzle-orm');
const { createAccount } = await import('@/lib/server/auth/accounts');
const signIn = await import('@/app/api/auth/sign-in/route');
const exportRoute = await import('@/app/api/agreements/export/route');

const mb = (bytes) => +(bytes / 1024 / 1024).toFixed(1);
const lotNames = ['Patek Philippe ref. 2499', 'Omega Speedmaster', 'Jaguar E-Type', 'Nu couché'];

const held = (usage) => usage.heapUsed + usage.external;

/** The process's memory now, after a full collection: what it holds, not its garbage. */
function settled() {
  globalThis.gc();
  return process.memoryUsage();
}

/**
 * Runs `work`, which calls `sample()` as it goes (`sample(true)`: after a full collection). Peaks
 * above what the process held before: resident memory (what the machine gives the process), and
 * the JavaScript heap plus buffers still held at a collection (what the export keeps).
 */
async function peakDuring(work) {
  const before = settled();
  const peak = { rss: before.rss, held: held(before) };
  const sample = (collect = false) => {
    const now = collect ? settled() : process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    if (collect) peak.held = Math.max(peak.held, held(now));
  };
  const timer = setInterval(sample, 10);
  const started = performance.now();
  const result = await work(sample);
  clearInterval(timer);
  return {
    result,
    seconds: +((performance.now() - started) / 1000).toFixed(1),
    rssRiseMb: mb(peak.rss - before.rss),
    heldRiseMb: mb(peak.held - held(before)),
  };
}

async function fill(db) {
  for (let start = 0; start < rows; start += 1_000) {
    const items = Array.from({ length: Math.min(1_000, rows - start) }, (_, offset) => {
      const index = start + offset;
      return {
        platformId: `export-bench-${index}`,
        auctionId: `bench-sale-${Math.floor(index / 250)}`,
        lotId: `lot-${String(index).padStart(6, '0')}`,
        lotTitle: `${lotNames[index % lotNames.length]}, no. ${index}`,
        buyer: `Paddle ${index % 997}`,
        amount: 10_000 + ((index * 7919) % 5_000_000),
        currency: ['EUR', 'JPY', 'BHD'][index % 3],
        closedAt: new Date(Date.UTC(2026, 0, 1) + index * 1_000).toISOString(),
      };
    });
    await ingestAgreements(db, items);
  }
  // The catalogue: three lots in four (the export leaves the others' sale title and number empty).
  const catalogued = Array.from({ length: rows }, (_, index) => index).filter((i) => i % 4 !== 3);
  for (let start = 0; start < catalogued.length; start += 1_000) {
    await db.insert(lots).values(
      catalogued.slice(start, start + 1_000).map((index) => ({
        auctionId: `bench-sale-${Math.floor(index / 250)}`,
        saleTitle: `Bench sale ${Math.floor(index / 250)}`,
        lotId: `lot-${String(index).padStart(6, '0')}`,
        lotNumber: (index % 250) + 1,
        lotTitle: `${lotNames[index % lotNames.length]}, no. ${index}`,
        currency: ['EUR', 'JPY', 'BHD'][index % 3],
        lowEstimate: 10_000,
        highEstimate: 20_000,
        startingBid: 5_000,
      })),
    );
  }
  // A flag on one lot in ten, in each state in turn.
  const flagged = Array.from({ length: Math.ceil(rows / 10) }, (_, i) => i * 10);
  for (let start = 0; start < flagged.length; start += 1_000) {
    await db.insert(saleFlags).values(
      flagged.slice(start, start + 1_000).map((index) => ({
        id: `bench-flag-${index}`,
        rule: 'self-raise',
        auctionId: `bench-sale-${Math.floor(index / 250)}`,
        lotId: `lot-${String(index).padStart(6, '0')}`,
        paddles: ['P-1'],
        bidIds: [],
        raisedAt: new Date(Date.UTC(2026, 0, 1)),
        timetoken: String(17_670_000_000_000_000 + index),
        state: ['open', 'escalated', 'cleared'][(index / 10) % 3],
      })),
    );
  }
  // A first approval on one agreement in five (pending, waiting for the second).
  await db.execute(sql`
    update agreements set approvals = jsonb_build_array(jsonb_build_object(
      'accountId', '00000000-0000-4000-8000-000000000001', 'loginId', 'bench',
      'displayName', 'Bench', 'at', to_char(closed_at at time zone 'UTC' + interval '1 hour',
      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
    where seq % 5 = 0`);
}

async function sessionCookie(db) {
  await createAccount(db, {
    loginId: 'bench',
    displayName: 'Bench',
    password: 'bench-password-1',
    role: 'clerk',
  });
  const response = await signIn.POST(
    new NextRequest(`${origin}/api/auth/sign-in`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: 'bench', password: 'bench-password-1' }),
    }),
  );
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return response.headers.getSetCookie()[0].split(';')[0];
}

/** The whole export read as a browser would download it, its bytes counted and dropped. */
async function exportOnce(cookie, format, sample) {
  const url = `${origin}/api/agreements/export?sort=${sort}&format=${format}`;
  const response = await exportRoute.GET(new NextRequest(url, { headers: { cookie } }));
  if (!response.ok) throw new Error(`the export answered ${response.status}`);
  let bytes = 0;
  let chunks = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    chunks += 1;
    sample(chunks % 20 === 0);
  }
  return { bytes, chunks };
}

/** For scale: every row in memory at once, then one string, as an unstreamed export would. */
async function allAtOnce(db, sample) {
  const filter = { status: 'pending', sort };
  const items = [];
  // The export's own keyset pages (one query of 100,000 would pass too many parameters).
  for (let page = await readExportPage(db, filter, undefined, 500); ;) {
    items.push(...page.items);
    if (page.items.length < 500 || page.last === null) break;
    page = await readExportPage(db, filter, page.last, 500);
  }
  sample(true);
  const csv = items.map((item) => csvRecord(exportCsvFields(item))).join('');
  sample(true);
  return { bytes: Buffer.byteLength(csv) };
}

const db = await database();
const filling = performance.now();
await fill(db);
await (
  await import('@/lib/server/db/planner-statistics')
).refreshPlannerStatistics(await databaseHandle(), 'start');
const fillSeconds = +((performance.now() - filling) / 1000).toFixed(1);
const cookie = await sessionCookie(db);

// The first export of each format grows PGlite's WebAssembly memory (its buffers) once and for
// all; the figures are for the exports after it, as on a server that has been up for a while.
const formats = ['csv', 'xlsx'];
for (const format of formats) await exportOnce(cookie, format, () => {});
const streamed = { csv: [], xlsx: [] };
for (let round = 0; round < 3; round += 1) {
  for (const format of round % 2 === 0 ? formats : [...formats].reverse()) {
    streamed[format].push(await peakDuring((sample) => exportOnce(cookie, format, sample)));
  }
}
const unstreamed = await peakDuring((sample) => allAtOnce(db, sample));

const figures = (runs) =>
  runs.map(({ result, ...measured }) => ({
    mb: mb(result.bytes),
    chunks: result.chunks,
    ...measured,
  }));
console.info(
  JSON.stringify(
    {
      rows,
      sort,
      fillSeconds,
      csv: figures(streamed.csv),
      xlsx: figures(streamed.xlsx),
      allRowsAtOnce: { csvMb: mb(unstreamed.result.bytes), ...unstreamed, result: undefined },
    },
    null,
    2,
  ),
);
await (await databaseHandle()).close();
