// The cost per bid of the flags engine, and of the whole store path it sits on, in Node without a
// browser: the bench sale's bids (bench/bench-sale.mjs) through the app's own modules.
// Figures, never assertions (docs/benchmarks.md).
//
// The modules are TypeScript with `@/` aliases and extensionless imports, which plain `node`
// cannot load: tsx (a devDependency, used by `npm run accounts`) compiles them on import with the
// tsconfig's paths. A namespaced register keeps that loader to these imports alone (one module
// graph, shared by them) and names the tsconfig, so the bench runs from any directory.
import { register } from 'tsx/esm/api';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { benchAuctionId, benchCatalogue, benchSaleTitle, createBenchRoom } from './bench-sale.mjs';
import { percentile } from './console-server.mjs';

const root = join(import.meta.dirname, '..');
const typescript = register({ namespace: 'gavel-bench', tsconfig: join(root, 'tsconfig.json') });
const load = (path) => typescript.import(join(root, path), import.meta.url);

const { createFlagsEngine } = await load('lib/sale-desk/flags/flags-engine.ts');
const { createBidStore } = await load('lib/realtime/bid-store.ts');
const { createSaleDeskStore } = await load('lib/realtime/sale-desk-store.ts');
const { saleLotKey } = await load('lib/sale-desk/sale-lot-key.ts');
const { setRecent } = await load('lib/sale-desk/flags/bounded-recent.ts');
const { recordedLot } = await load('lib/sales/recorded-lot.ts');

// Timetokens are 17-digit strings in 100 ns units; 5 ms apart, as at 200 bids/s.
const firstTimetoken = 17_640_000_000_000_000n;
const placedFrom = Date.parse('2026-11-23T10:00:00Z');

/** `count` bids of the bench room over `lotCount` lots, 5 ms apart, with their delivery. */
function benchBids(count, lotCount) {
  const catalogue = benchCatalogue(lotCount, placedFrom);
  const room = createBenchRoom(catalogue);
  const bids = Array.from({ length: count }, (_, index) => room.nextBid(placedFrom + index * 5));
  const messages = bids.map((payload, index) => ({
    timetoken: String(firstTimetoken + BigInt(index) * 50_000n),
    payload,
  }));
  return { catalogue, bids, messages };
}

/**
 * Runs `body` once to warm the JIT, then `runs` times; answers µs per item of each run, by the
 * wall clock (`performance.now()`) and by this process's CPU time: on a shared machine the wall
 * clock also counts the time other processes held the cores, the CPU time does not.
 */
function timePerItem(items, runs, body) {
  body();
  return Array.from({ length: runs }, () => {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    body();
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    return { wall: (wallMs * 1000) / items, cpu: (cpu.user + cpu.system) / items };
  });
}

const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const round = (value) => +value.toFixed(2);

/** Medians of the runs, and the spread of the wall clock (how noisy the machine was). */
const summary = (perItem) => {
  const wall = perItem.map((run) => run.wall).sort((a, b) => a - b);
  return {
    medianUs: round(median(wall)),
    cpuMedianUs: round(median(perItem.map((run) => run.cpu))),
    minUs: round(wall[0]),
    maxUs: round(wall.at(-1)),
  };
};

/** The engine alone, with the catalogue lookup the sale desk gives it (a Map by sale and lot). */
function engineAlone({ catalogue, bids }, runs) {
  const lots = new Map(catalogue.map((lot) => [saleLotKey(lot.auctionId, lot.lotId), lot]));
  const lookup = (auctionId, lotId) => lots.get(saleLotKey(auctionId, lotId));
  let counts = null;
  const perBid = timePerItem(bids.length, runs, () => {
    const engine = createFlagsEngine({ catalogue: lookup });
    for (const bid of bids) engine.onBid(bid);
    counts = engine.counts();
  });
  return { ...summary(perBid), flagsRaised: counts };
}

/**
 * The store path a delivered message takes in the browser: validation, dedup, window, lot board,
 * rate buckets, and (with `withDesk`) the sale desk's fold of the message on its lot's record (the
 * browser raises no flag since ADR 36: the engine runs in the recorder). `schedule` is a no-op:
 * the snapshot React would read once a frame is never built, so this is the per-message cost.
 */
async function storePath({ catalogue, messages }, runs, withDesk) {
  // The desk's read of the record: the sale's lots, none recorded yet (every bid is live).
  const read = {
    sales: [
      {
        auctionId: benchAuctionId,
        saleTitle: benchSaleTitle,
        lots: catalogue.map((lot) => recordedLot(lot, undefined)),
      },
    ],
    recordedThrough: null,
    flags: [],
  };
  const noFrames = () => {};
  const stores = [];
  const desks = [];
  for (let run = 0; run <= runs; run += 1) {
    const desk = withDesk
      ? createSaleDeskStore({
          load: async () => read,
          loadFlags: async () => ({ recordedThrough: null, flags: [] }),
          // A flags read after live messages: never due within a run.
          flagsAfterMs: 3_600_000,
          schedule: noFrames,
        })
      : null;
    await desk?.refresh();
    if (desk) desks.push(desk);
    stores.push(createBidStore({ observer: desk ?? undefined, schedule: noFrames }));
  }
  // One message per ingest, as the connection hands them over live.
  const perBid = timePerItem(messages.length, runs, () => {
    const store = stores.pop();
    for (const message of messages) store.ingest(message);
  });
  // Their flags reads, due in an hour, would keep the process alive.
  for (const desk of desks) desk.reset();
  return summary(perBid);
}

/**
 * The engine's bounded "seen bid ids" alone: `setRecent` as the engine calls it for every bid, at
 * its default bound (10,000) and at a tenth of it. A CPU profile of the engine (without inlining) put
 * nearly 40% of its time in `setRecent`; this says how much of it the bound's size explains.
 */
function seenIdsCost({ bids }, runs) {
  const ids = bids.map((bid) => bid.bidId);
  const at = (max) =>
    summary(
      timePerItem(ids.length, runs, () => {
        const seen = new Map();
        for (const id of ids) setRecent(seen, id, true, max);
      }),
    );
  return { bound10000: at(10_000), bound1000: at(1_000) };
}

export async function measureFlagsCost({ bidCount = 200_000, lotCount = 50, runs = 5 } = {}) {
  const sale = benchBids(bidCount, lotCount);
  return {
    // Two cores shared with other work: the load says how much of them this run had.
    loadAverageAtStart: +loadavg()[0].toFixed(1),
    bids: bidCount,
    lots: lotCount,
    runs,
    engine: engineAlone(sale, runs),
    engineSeenIds: seenIdsCost(sale, runs),
    bidStoreWithoutSaleDesk: await storePath(sale, runs, false),
    bidStoreWithSaleDesk: await storePath(sale, runs, true),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.info(JSON.stringify(await measureFlagsCost(), null, 2));
}
