// The sale-record benchmark's TypeScript side (bench/record.mjs), under tsx with the react-server
// condition as bench/server-child.mjs runs it. Two ways in:
// - `--recorder <options>`: the recorder alone, `startRecording` (lib/server/record/recording.ts)
//   with PostgreSQL and a relay, as `npm run record` and the console run it, until SIGTERM or
//   until the parent goes (stdin closes). Its stdout carries the recorder's own lines.
// - a figures file and options (answerParent): `prepare` (migrate, a staff account), `writeBatch`
//   (the recorder's write of batches of 500, timed) or `reads` (part 3: `findSale`,
//   `listSalesWithLots` and `lotBidsPage`, then the same reads through the route handlers in this
//   process, session check and JSON included).
import { fileURLToPath } from 'node:url';
import { benchCatalogue, createBenchRoom } from './bench-sale.mjs';
import { percentile } from './console-server.mjs';
import { answerParent, inServerChild, progress } from './server-child.mjs';

export const childFile = fileURLToPath(import.meta.url);
export const benchLogin = { loginId: 'bench-record', password: 'bench-record-password-1' };

const oneDecimal = (value) => +value.toFixed(1);

function summary(timings) {
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50Ms: oneDecimal(percentile(sorted, 50)),
    p95Ms: oneDecimal(percentile(sorted, 95)),
    p99Ms: oneDecimal(percentile(sorted, 99)),
    maxMs: oneDecimal(sorted.at(-1)),
  };
}

async function timedRounds(rounds, work) {
  const timings = [];
  let last;
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    last = await work(i);
    timings.push(performance.now() - started);
  }
  return { figures: summary(timings), last };
}

async function openDb(databaseUrl) {
  const { openDatabase } = await import('@/lib/server/db/database');
  return openDatabase({ databaseUrl, dataDir: 'memory://' });
}

/** Migrates the database and makes the staff account the benchmark signs in with. */
async function prepare({ databaseUrl }) {
  const handle = await openDb(databaseUrl);
  try {
    const { createAccount, findAccount } = await import('@/lib/server/auth/accounts');
    if (!(await findAccount(handle.db, benchLogin.loginId)))
      await createAccount(handle.db, {
        ...benchLogin,
        displayName: 'Record bench',
        role: 'clerk',
      });
    return { prepared: true };
  } finally {
    await handle.close();
  }
}

/** The sale `writeBatch` is timed on: catalogued by the parent, bid on by an honest room. */
export const writeBatchCatalogue = (lots = 200) =>
  benchCatalogue(lots).map((lot) => ({
    ...lot,
    auctionId: 'record-batch',
    saleTitle: 'Record batch sale',
  }));

/**
 * `writeBatch` on `batches` batches of `size` bids of the ingest sale, each newer than the record,
 * with one flags engine as the live recorder keeps: the first batch rebuilds the engine's memory
 * from the newest 20,000 recorded messages, so it is reported apart.
 */
async function timeWriteBatch({ databaseUrl, batches = 20, size = 500, lots = 200 }) {
  const handle = await openDb(databaseUrl);
  try {
    const { planBatch } = await import('@/lib/server/record/plan-batch');
    const { writeBatch, recordedThrough } = await import('@/lib/server/record/write-batch');
    const { createRecordFlags } = await import('@/lib/server/record/record-flags');
    const { db } = handle;
    const catalogue = writeBatchCatalogue(lots);
    const room = createBenchRoom(catalogue, { seed: 4_242 });
    const flags = createRecordFlags();
    let timetoken = BigInt(Date.now()) * 10_000n;
    const planMs = [];
    const writeMs = [];
    let recorded = 0;
    let raised = 0;
    for (let b = 0; b < batches; b += 1) {
      const messages = Array.from({ length: size }, () => {
        timetoken += 10n;
        return { timetoken: String(timetoken), payload: room.nextBid(Date.now()), error: null };
      });
      const planning = performance.now();
      const batch = planBatch(messages, await recordedThrough(db));
      planMs.push(performance.now() - planning);
      const writing = performance.now();
      const outcome = await writeBatch(db, batch, flags);
      writeMs.push(performance.now() - writing);
      recorded += outcome.recorded;
      raised += outcome.flags;
    }
    // The engine's memory rebuilt alone (a recorder's start, a failed batch, and every call of
    // RECORDER=on-read, which forgets it each time): the newest 20,000 recorded messages replayed.
    const rebuildMs = [];
    for (let round = 0; round < 3; round += 1) {
      timetoken += 10n;
      const probe = planBatch(
        [{ timetoken: String(timetoken), payload: room.nextBid(Date.now()), error: null }],
        null,
      ).recorded;
      const fresh = createRecordFlags();
      const rebuilding = performance.now();
      await db.transaction((tx) => fresh.evaluate(tx, probe), { accessMode: 'read only' });
      rebuildMs.push(performance.now() - rebuilding);
    }
    const rest = writeMs.slice(1);
    const restSeconds = rest.reduce((sum, ms) => sum + ms, 0) / 1000;
    return {
      batches,
      batchSize: size,
      recorded,
      flagsRaised: raised,
      planBatchMsPerBatch: oneDecimal(planMs.reduce((sum, ms) => sum + ms, 0) / batches),
      firstBatchMs: oneDecimal(writeMs[0]),
      laterBatches: summary(rest),
      messagesPerSecond: Math.round((rest.length * size) / restSeconds),
      flagsEngineRebuildMs: oneDecimal(rebuildMs.sort((a, b) => a - b)[1]),
    };
  } finally {
    await handle.close();
  }
}

/** Part 3 in this process: the functions the routes call, then the route handlers themselves. */
async function timeReads({ auctionId, rounds = 200, listRounds = 20, lotsInSale = 500 }) {
  const { database } = await import('@/lib/server/db/connection');
  const { findSale } = await import('@/lib/server/sales/sale');
  const { listSalesWithLots } = await import('@/lib/server/sales/list');
  const { lotBidsPage } = await import('@/lib/server/record/lot-bids');
  const { NextRequest } = await import('next/server');
  const signIn = await import('@/app/api/auth/sign-in/route');
  const saleRoute = await import('@/app/api/sales/[auctionId]/route');
  const salesRoute = await import('@/app/api/sales/route');
  const bidsRoute = await import('@/app/api/sales/[auctionId]/lots/[lotId]/bids/route');
  const db = await database();
  const lotId = (i) => `lot-${String(1 + ((i * 37) % lotsInSale)).padStart(4, '0')}`;

  // What the answer holds, checked once: the fixture is what the reads are said to read.
  const sale = await findSale(db, auctionId);
  const shape = {
    lots: sale.lots.length,
    bids: sale.lots.reduce((sum, lot) => sum + lot.bids, 0),
    sold: sale.lots.filter((lot) => lot.status === 'sold').length,
    recordedThrough: sale.recordedThrough,
  };
  const firstPage = await lotBidsPage(db, auctionId, lotId(0), {});
  shape.firstBidsPage = firstPage.items.length;
  progress(`record: reading ${JSON.stringify(shape)}`);

  const functions = {};
  await timedRounds(10, () => findSale(db, auctionId));
  functions.findSale = (await timedRounds(rounds, () => findSale(db, auctionId))).figures;
  await timedRounds(2, () => listSalesWithLots(db));
  const list = await timedRounds(listRounds, () => listSalesWithLots(db));
  functions.listSalesWithLots = {
    ...list.figures,
    sales: list.last.items.length,
    lots: list.last.items.reduce((sum, item) => sum + item.lots.length, 0),
  };
  await timedRounds(10, (i) => lotBidsPage(db, auctionId, lotId(i), {}));
  functions.lotBidsFirstPage = (
    await timedRounds(rounds, (i) => lotBidsPage(db, auctionId, lotId(i), {}))
  ).figures;

  const origin = 'http://localhost:3000';
  const signedIn = await signIn.POST(
    new NextRequest(`${origin}/api/auth/sign-in`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify(benchLogin),
    }),
  );
  if (!signedIn.ok) throw new Error(`sign-in answered ${signedIn.status}`);
  const cookie = signedIn.headers.getSetCookie()[0].split(';')[0];
  const call = async (route, path, params) => {
    const response = await route.GET(new NextRequest(`${origin}${path}`, { headers: { cookie } }), {
      params: Promise.resolve(params),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 200)}`);
    return text.length;
  };
  const sale1 = () => call(saleRoute, `/api/sales/${auctionId}`, { auctionId });
  const salesWithLots = () => call(salesRoute, '/api/sales?include=lots', {});
  const bids = (i) =>
    call(bidsRoute, `/api/sales/${auctionId}/lots/${lotId(i)}/bids`, {
      auctionId,
      lotId: lotId(i),
    });
  const handlers = {};
  await timedRounds(10, sale1);
  const saleTimed = await timedRounds(rounds, sale1);
  handlers.sale = { ...saleTimed.figures, bytes: saleTimed.last };
  await timedRounds(2, salesWithLots);
  const listTimed = await timedRounds(listRounds, salesWithLots);
  handlers.salesWithLots = { ...listTimed.figures, bytes: listTimed.last };
  await timedRounds(10, bids);
  handlers.lotBidsFirstPage = (await timedRounds(rounds, bids)).figures;
  return { shape, functions, routeHandlersInProcess: handlers };
}

/** The recorder alone until SIGTERM; prints `bench-recorder: started <ms>` first (tsx is loaded). */
async function runRecorder({ databaseUrl, relayPort }) {
  console.info(`bench-recorder: started ${Date.now()}`);
  const { parseEnv } = await import('@/lib/env');
  const { startRecording } = await import('@/lib/server/record/recording');
  const env = parseEnv({ DATABASE_URL: databaseUrl, RELAY_PORT: String(relayPort) });
  const handle = await openDb(databaseUrl);
  const recording = startRecording(env, handle);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await recording.stop().catch(() => undefined);
    await handle.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  process.stdin.on('close', () => void stop());
  process.stdin.resume();
}

const modes = { prepare, writeBatch: timeWriteBatch, reads: timeReads };

if (inServerChild() && process.argv[1] === childFile) {
  if (process.argv[2] === '--recorder') {
    await runRecorder(JSON.parse(process.argv[3]));
  } else {
    await answerParent((options) => modes[options.mode](options));
    // The pools and the SDK keep the loop alive: the figures are written, so end.
    process.exit(0);
  }
}
