// Bulk decisions (POST /api/agreements/decisions, docs/adr/0014-four-eyes-approval.md) on PGlite
// and on PostgreSQL: `decideAgreements` for 100 agreements, each its own transaction, beside 100
// calls of `decideAgreement` one after another, in the same run. Approvals below the four-eyes
// threshold (decided at once) and first approvals above it (still pending), by a clerk; then the
// second approvals of those, by a supervisor. Every round decides fresh agreements, so each
// decision does the whole work; one warm-up round, then the median of 5. 10,000 other pending
// agreements sit in the table (bench/search-fixture.mjs). PostgreSQL runs with its default
// durability, then again on a database with synchronous_commit off, to show what the commit's
// WAL flush costs on this disk. Figures, never assertions.
// `node bench/agreements-bulk.mjs`; BENCH_POSTGRES_PORT picks the throwaway server's port.
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { percentile } from './console-server.mjs';
import { catalogueRow, loadCatalogue } from './search-fixture.mjs';
import { answerParent, inServerChild, progress, runInServerChild } from './server-child.mjs';
import { startThrowawayPostgres } from './throwaway-postgres.mjs';

const file = fileURLToPath(import.meta.url);
const thresholds = 'EUR=100000,GBP=100000,USD=100000,*=100000';
/** EUR 50,000.00 and EUR 250,000.00, in cents: either side of the EUR 100,000 threshold. */
const amounts = { below: 5_000_000, above: 25_000_000 };
const batch = 100;

const oneDecimal = (value) => +value.toFixed(1);
const load1 = () => oneDecimal(loadavg()[0]);

/** `count` fresh pending agreements of `amount` (EUR cents); their ids. */
async function freshAgreements(db, agreements, amount, count, first) {
  const rows = Array.from({ length: count }, (_, k) => ({
    ...catalogueRow(first + k),
    platformId: `bulk-bench-${first + k}`,
    amount,
    currency: 'EUR',
  }));
  await db.insert(agreements).values(rows);
  return rows.map((row) => row.id);
}

function expectAll(results, what, check) {
  const wrong = results.filter((result) => !check(result));
  if (wrong.length > 0) {
    throw new Error(`${wrong.length} of ${results.length} ${what}: ${JSON.stringify(wrong[0])}`);
  }
}

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

async function measureOn(kind, open, modules, { rounds, background }) {
  const { sql } = modules;
  const handle = await open();
  const { db } = handle;
  try {
    const [{ server_version: version }] = (await db.execute(sql`show server_version`)).rows;
    const account = (loginId, role) =>
      modules.createAccount(db, {
        loginId,
        displayName: loginId,
        password: 'bench-password-1',
        role,
      });
    const clerk = await account('bench-clerk', 'clerk');
    const supervisor = await account('bench-supervisor', 'supervisor');
    await loadCatalogue(db, modules.agreements, { count: background });
    await db.execute(sql`analyze`);
    progress(`${kind} ${version}: ${background} agreements loaded; deciding`);

    let next = background;
    const fresh = async (amount) => {
      const ids = await freshAgreements(db, modules.agreements, amount, batch, next);
      next += batch;
      return ids;
    };
    const bulk = (ids, version, account) =>
      timed(() =>
        modules.decideAgreements(
          db,
          { decision: 'approve', reason: null, items: ids.map((id) => ({ id, version })) },
          account,
        ),
      );
    const single = (ids, account) =>
      timed(async () => {
        const results = [];
        for (const id of ids) {
          results.push(
            await modules.decideAgreement(
              db,
              id,
              { decision: 'approve', reason: null, version: 1 },
              account,
            ),
          );
        }
        return results;
      });

    const timings = {
      bulkBelow: [],
      singleBelow: [],
      bulkAboveFirst: [],
      singleAboveFirst: [],
      bulkAboveSecond: [],
    };
    // Round 0 warms up and is not counted. Bulk and single take turns going first.
    for (let round = 0; round <= rounds; round += 1) {
      const below = { bulk: await fresh(amounts.below), single: await fresh(amounts.below) };
      const above = { bulk: await fresh(amounts.above), single: await fresh(amounts.above) };
      const measured = {};
      const pair = async (name, bulkIds, singleIds, check) => {
        const runBulk = async () => {
          const { ms, result } = await bulk(bulkIds, 1, clerk);
          expectAll(
            result,
            `bulk items (${name})`,
            (item) => item.status === 200 && check(item.agreement),
          );
          measured[`bulk${name}`] = ms;
        };
        const runSingle = async () => {
          const { ms, result } = await single(singleIds, clerk);
          expectAll(
            result,
            `single decisions (${name})`,
            (item) => item.outcome === 'decided' && check(item.agreement),
          );
          measured[`single${name}`] = ms;
        };
        if (round % 2 === 0) await runBulk().then(runSingle);
        else await runSingle().then(runBulk);
      };
      await pair('Below', below.bulk, below.single, (agreement) => agreement.status === 'approved');
      await pair(
        'AboveFirst',
        above.bulk,
        above.single,
        (agreement) => agreement.status === 'pending' && agreement.approvals.length === 1,
      );
      const second = await bulk(above.bulk, 2, supervisor);
      expectAll(second.result, 'second approvals', (item) => item.agreement?.status === 'approved');
      measured.bulkAboveSecond = second.ms;
      if (round > 0) for (const [name, ms] of Object.entries(measured)) timings[name].push(ms);
    }

    let updates = null;
    try {
      [updates] = (
        await db.execute(sql`select n_tup_upd::int as "updates", n_tup_hot_upd::int as "hotUpdates"
          from pg_stat_user_tables where relname = 'agreements'`)
      ).rows;
    } catch {
      // Statistics views unavailable: the figure is left out.
    }
    const figures = Object.fromEntries(
      Object.entries(timings).map(([name, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        const median = percentile(sorted, 50);
        return [
          name,
          {
            medianMs: oneDecimal(median),
            perDecisionMs: +(median / batch).toFixed(2),
            runsMs: list.map(oneDecimal),
          },
        ];
      }),
    );
    return {
      version,
      ...figures,
      bulkOverSingle: {
        below: +(figures.bulkBelow.medianMs / figures.singleBelow.medianMs).toFixed(2),
        aboveFirst: +(figures.bulkAboveFirst.medianMs / figures.singleAboveFirst.medianMs).toFixed(
          2,
        ),
      },
      agreementUpdates: updates,
      load1: load1(),
    };
  } finally {
    await handle.close();
  }
}

async function measureInChild({ rounds = 5, background = 10_000, port = 55498 }) {
  const modules = {
    sql: (await import('drizzle-orm')).sql,
    agreements: (await import('@/lib/server/db/schema')).agreements,
    createAccount: (await import('@/lib/server/auth/accounts')).createAccount,
    decideAgreement: (await import('@/lib/server/agreements/decide')).decideAgreement,
    decideAgreements: (await import('@/lib/server/agreements/bulk-decide')).decideAgreements,
  };
  const { openDatabase, inMemoryDataDir } = await import('@/lib/server/db/database');
  const options = { rounds, background };
  const figures = { node: process.version, decisions: batch, rounds, background, thresholds };
  figures.load1Start = load1();
  figures.pglite = await measureOn(
    'pglite',
    () => openDatabase({ databaseUrl: null, dataDir: inMemoryDataDir }),
    modules,
    options,
  );
  const server = startThrowawayPostgres({ port });
  try {
    figures.postgres = await measureOn(
      'postgres',
      () => openDatabase({ databaseUrl: server.url, dataDir: inMemoryDataDir }),
      modules,
      options,
    );
    // The same on a database that does not wait for the WAL flush at commit: how much of a
    // decision is the disk rather than the work.
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('create database gavel_bench_async_commit');
    await admin.query('alter database gavel_bench_async_commit set synchronous_commit = off');
    await admin.end();
    figures.postgresAsyncCommit = await measureOn(
      'postgres, synchronous_commit off',
      () =>
        openDatabase({
          databaseUrl: server.url.replace(/\/gavel_bench$/, '/gavel_bench_async_commit'),
          dataDir: inMemoryDataDir,
        }),
      modules,
      options,
    );
  } finally {
    await server.stop();
  }
  return figures;
}

/** Runs the measurement in a child process under tsx; resolves to its figures. */
export function measureBulkDecisions(options = {}) {
  const port = Number(process.env.BENCH_POSTGRES_PORT ?? 55498);
  return runInServerChild(
    file,
    { port, ...options },
    {
      DATABASE_URL: '',
      SESSION_SECRET: 'd'.repeat(48),
      APPROVAL_THRESHOLDS: thresholds,
    },
  );
}

export function bulkSummary(figures) {
  const lines = [
    `Bulk decisions of ${figures.decisions}, median of ${figures.rounds} rounds (threshold ${thresholds}):`,
  ];
  const rows = [
    ['bulkBelow', 'bulk, approvals below the threshold'],
    ['singleBelow', '100 single approvals below'],
    ['bulkAboveFirst', 'bulk, first approvals above'],
    ['singleAboveFirst', '100 single first approvals above'],
    ['bulkAboveSecond', 'bulk, second approvals (supervisor)'],
  ];
  for (const kind of ['pglite', 'postgres', 'postgresAsyncCommit']) {
    const database = figures[kind];
    lines.push(`${kind} ${database.version} (load average ${database.load1}):`);
    for (const [key, label] of rows) {
      const { medianMs, perDecisionMs } = database[key];
      lines.push(
        `  ${label.padEnd(38)} ${String(medianMs).padStart(7)} ms  (${perDecisionMs} ms each)`,
      );
    }
    lines.push(`  bulk / single: ${JSON.stringify(database.bulkOverSingle)}`);
  }
  return lines.join('\n');
}

const isMain = !!process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain && inServerChild()) {
  await answerParent(measureInChild);
} else if (isMain) {
  const figures = await measureBulkDecisions();
  console.info(JSON.stringify(figures, null, 2));
  console.info(bulkSummary(figures));
}
