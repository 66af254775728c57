// Agreement search (docs/adr/0012-agreement-search.md) on 100,000 pending agreements, on PGlite and
// on PostgreSQL, without and with the trigram index: `listAgreements` (the page of 25 and the total
// that GET /api/agreements answers) called in-process for each search, median and p99 of 30 runs
// after a warm-up, and the plan PostgreSQL chose for the page and for the total (EXPLAIN ANALYZE).
// "Without" is the current schema and query with `agreements_search_text_idx` dropped: the same
// `search_text LIKE` conditions, read by a scan. The rows are loaded without the index (plain
// INSERTs of 1,000, then ANALYZE, as PGlite needs), measured, then the index is built with the
// migration's own statement, analysed again and measured again. Figures, never assertions.
// `node bench/agreements-search.mjs`; BENCH_POSTGRES_PORT picks the throwaway server's port.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { percentile } from './console-server.mjs';
import { loadCatalogue } from './search-fixture.mjs';
import { answerParent, inServerChild, progress, runInServerChild } from './server-child.mjs';
import { startThrowawayPostgres } from './throwaway-postgres.mjs';

const file = fileURLToPath(import.meta.url);
const searchIndex = 'agreements_search_text_idx';

/** What staff type: each matches a known share of the 100,000 rows (bench/search-fixture.mjs). */
export const searches = [
  { name: 'one word', q: 'Ming' },
  { name: 'two words', q: 'mustang 1967' },
  { name: 'a sale id', q: 'london-watches-2026' },
  { name: 'an accented word without its accent', q: 'creme' },
  { name: 'a rare accented word without its accent', q: 'faberge' },
  { name: 'a word nothing matches', q: 'zeppelin' },
];

const oneDecimal = (value) => +value.toFixed(1);
const load1 = () => oneDecimal(loadavg()[0]);

/** "Limit", "Bitmap Index Scan on agreements_search_text_idx": a plan line without its costs. */
const nodeOf = (line) =>
  line
    .replace(/^\s*(->\s*)?/, '')
    .replace(/\s+\((cost|actual)=.*$/, '')
    .trim();

/**
 * The plan PostgreSQL runs for a query drizzle built (parameters bound, as the list sends them):
 * its top node, every node that reads the table or an index, and the execution time.
 */
async function planOf(db, built) {
  const { sql: text, params } = built.toSQL();
  const { rows } = await db.$client.query(`explain (analyze) ${text}`, params);
  const lines = rows.map((row) => row['QUERY PLAN']);
  const nodes = lines.filter((line) => /^\s*(->|[A-Z])/.test(line)).map(nodeOf);
  return {
    top: nodes[0],
    reads: nodes.filter((node) => /Scan/.test(node)),
    executionMs: Number(lines.find((line) => /^Execution Time/.test(line))?.match(/[\d.]+/)[0]),
  };
}

async function measureSearches(db, modules, { runs, warmups }) {
  const { listAgreements, selectAgreementRows, countAgreementRows } = modules.list;
  const queries = searches.map((search) => ({
    ...search,
    query: modules.listQuerySchema.parse({ status: 'pending', q: search.q }),
  }));
  for (let round = 0; round < warmups; round += 1) {
    for (const { query } of queries) await listAgreements(db, query);
  }
  // Round-robin over the searches, so the machine's noise falls on all of them alike.
  const timings = queries.map(() => []);
  const totals = [];
  for (let round = 0; round < runs; round += 1) {
    for (const [index, { query }] of queries.entries()) {
      const started = performance.now();
      const answer = await listAgreements(db, query);
      timings[index].push(performance.now() - started);
      totals[index] = answer.total;
    }
  }
  const results = [];
  for (const [index, { name, q, query }] of queries.entries()) {
    const sorted = timings[index].sort((a, b) => a - b);
    results.push({
      name,
      q,
      matches: totals[index],
      medianMs: oneDecimal(percentile(sorted, 50)),
      p99Ms: oneDecimal(percentile(sorted, 99)),
      pagePlan: await planOf(db, selectAgreementRows(db, query, undefined, query.limit + 1)),
      totalPlan: await planOf(db, countAgreementRows(db, query)),
    });
  }
  return results;
}

async function measureOn(kind, open, modules, options) {
  const { sql } = modules;
  const started = performance.now();
  const handle = await open();
  const { db } = handle;
  const seconds = (since) => oneDecimal((performance.now() - since) / 1000);
  try {
    const [{ server_version: version }] = (await db.execute(sql`show server_version`)).rows;
    progress(`${kind} ${version}: loading ${options.rows} agreements without the trigram index`);
    await db.execute(sql.raw(`drop index ${searchIndex}`));
    const loading = performance.now();
    await loadCatalogue(db, modules.agreements, { count: options.rows });
    const loadSeconds = seconds(loading);
    await db.execute(sql`analyze agreements`);
    progress(`${kind}: loaded in ${loadSeconds} s; searching without the index`);
    const withoutIndex = { load1: load1(), searches: await measureSearches(db, modules, options) };

    const building = performance.now();
    await db.execute(sql.raw(modules.createSearchIndex));
    const indexSeconds = seconds(building);
    await db.execute(sql`analyze agreements`);
    progress(`${kind}: index built in ${indexSeconds} s; searching with it`);
    const withIndex = { load1: load1(), searches: await measureSearches(db, modules, options) };
    const [sizes] = (
      await db.execute(sql`select pg_total_relation_size('agreements') as "table",
        pg_relation_size(${searchIndex}::regclass) as "index"`)
    ).rows;
    const mb = (bytes) => oneDecimal(Number(bytes) / 1024 / 1024);
    return {
      version,
      loadSeconds,
      indexSeconds,
      tableWithIndexesMb: mb(sizes.table),
      searchIndexMb: mb(sizes.index),
      withoutIndex,
      withIndex,
      totalSeconds: seconds(started),
    };
  } finally {
    await handle.close();
  }
}

async function measureInChild({ rows = 100_000, runs = 30, warmups = 3, port = 55499 }) {
  const modules = {
    sql: (await import('drizzle-orm')).sql,
    agreements: (await import('@/lib/server/db/schema')).agreements,
    list: await import('@/lib/server/agreements/list'),
    listQuerySchema: (await import('@/lib/server/agreements/agreement-input')).listQuerySchema,
  };
  const { openDatabase, inMemoryDataDir, migrationsFolder } =
    await import('@/lib/server/db/database');
  // The index exactly as migration 0005 creates it.
  modules.createSearchIndex = readFileSync(
    join(migrationsFolder, '0005_agreement_search.sql'),
    'utf8',
  )
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .find((statement) => statement.startsWith(`CREATE INDEX "${searchIndex}"`));
  const options = { rows, runs, warmups };
  const figures = {
    node: process.version,
    rows,
    runs,
    warmups,
    without: `${searchIndex} dropped: the same query, search_text LIKE '%word%' per word, by a scan`,
    load1: { start: load1() },
  };
  figures.pglite = await measureOn(
    'pglite',
    () => openDatabase({ databaseUrl: null, dataDir: inMemoryDataDir }),
    modules,
    options,
  );
  figures.load1.betweenDatabases = load1();
  const server = startThrowawayPostgres({ port });
  try {
    figures.postgres = await measureOn(
      'postgres',
      () => openDatabase({ databaseUrl: server.url, dataDir: inMemoryDataDir }),
      modules,
      options,
    );
  } finally {
    await server.stop();
  }
  figures.load1.end = load1();
  return figures;
}

/** Runs the measurement in a child process under tsx; resolves to its figures. */
export function measureAgreementSearch(options = {}) {
  const port = Number(process.env.BENCH_POSTGRES_PORT ?? 55499);
  return runInServerChild(
    file,
    { port, ...options },
    {
      DATABASE_URL: '',
      SESSION_SECRET: 's'.repeat(48),
    },
  );
}

/** What found the rows: the innermost scan (a Bitmap Index Scan under its Bitmap Heap Scan). */
const readBy = (plan) => plan.reads.at(-1) ?? plan.top;

export function searchSummary(figures) {
  const lines = [
    `Agreement search, ${figures.rows} pending agreements, ${figures.runs} runs each:`,
  ];
  for (const kind of ['pglite', 'postgres']) {
    const database = figures[kind];
    lines.push(
      `${kind} ${database.version}: load ${database.loadSeconds} s, index build ${database.indexSeconds} s (${database.searchIndexMb} MB)`,
    );
    for (const state of ['withoutIndex', 'withIndex']) {
      for (const search of database[state].searches) {
        lines.push(
          `  ${state === 'withIndex' ? 'index  ' : 'no index'} ${JSON.stringify(search.q).padEnd(22)} ${String(search.matches).padStart(6)} matches  median ${search.medianMs} ms  p99 ${search.p99Ms} ms  page: ${readBy(search.pagePlan)}; total: ${readBy(search.totalPlan)}`,
        );
      }
    }
  }
  lines.push(`load average (1 min): ${JSON.stringify(figures.load1)}`);
  return lines.join('\n');
}

const isMain = !!process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain && inServerChild()) {
  await answerParent(measureInChild);
} else if (isMain) {
  const figures = await measureAgreementSearch();
  console.info(JSON.stringify(figures, null, 2));
  console.info(searchSummary(figures));
}
