// npm run bench:realtime: the live path through the relay into headless Chromium, measured in the
// sale focus (`/dash?sale=…`) with the flags engine running on a catalogued sale, plus the flags'
// cost per bid in Node. Figures, never assertions (docs/benchmarks.md).
// Soak length: BENCH_SOAK_MINUTES (default 10; 0 skips it).
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { serveBareSdkPage } from './bare-sdk-page.mjs';
import { benchAuctionId, benchCatalogue, createBenchRoom, lotOpenings } from './bench-sale.mjs';
import { percentile, startConsole } from './console-server.mjs';
import { measureFlagsCost } from './flags-cost.mjs';

export const port = 3330;
export const baseUrl = `http://localhost:${port}`;
const relayUrl = `http://localhost:${port + 1000}`;
/** Where the bare SDK page is served (an origin the bench's relay is told to allow). */
const floorPort = port + 2;
export const salePath = `/dash?sale=${encodeURIComponent(benchAuctionId)}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => +loadavg()[0].toFixed(1);

/** The catalogue, as the platform sends it; the console's embedded platform token. */
export async function ingestCatalogue(catalogue) {
  const response = await fetch(`${baseUrl}/api/platform/lots`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer embedded-platform-token',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ items: catalogue }),
  });
  if (!response.ok)
    throw new Error(`catalogue ingest: ${response.status} ${await response.text()}`);
}

/** One message on `bids`, through the relay's publish route (stored in its history). */
export const publish = (message) =>
  fetch(
    `${relayUrl}/publish/embedded-pub/embedded-sub/0/bids/0/${encodeURIComponent(JSON.stringify(message))}?uuid=bench`,
  ).then((response) => response.arrayBuffer());

/**
 * Publishes `count` of the room's bids at `rate` per second; answers publish times by bid id and
 * bids per lot. At most 32 requests in flight: a lot's bids are about 50 messages apart, so they
 * cannot overtake each other on the way and reach the relay out of order (a `not-higher` flag).
 */
export async function publishAt(room, rate, count) {
  const sentAt = new Map();
  const perLot = {};
  const started = performance.now();
  const inFlight = new Set();
  for (let index = 0; index < count; index += 1) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const message = room.nextBid(Date.now());
    sentAt.set(message.bidId, Date.now());
    perLot[message.lotId] = (perLot[message.lotId] ?? 0) + 1;
    const request = publish(message).finally(() => inFlight.delete(request));
    inFlight.add(request);
    if (inFlight.size >= 32) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return { sentAt, perLot };
}

// In every page: when each bid row is first painted, how many DOM commits, the long tasks.
export const instrument = () => {
  const state = { paintedAt: {}, commits: 0, longTasks: [], tracking: true };
  window.benchState = state;
  new PerformanceObserver((list) => {
    if (!state.tracking) return;
    for (const entry of list.getEntries()) state.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const onMutation = () => {
    state.commits += 1;
    if (!state.tracking) return;
    requestAnimationFrame(() => {
      const now = performance.timeOrigin + performance.now();
      for (const row of document.querySelectorAll('[data-testid="bid"][data-bid-id]')) {
        const id = row.getAttribute('data-bid-id');
        if (!(id in state.paintedAt)) state.paintedAt[id] = now;
      }
    });
  };
  // The feed's list appears with its first bid and is a new element when the feed remounts
  // (an empty feed, another sale): follow whichever list is on the page.
  const observer = new MutationObserver(onMutation);
  let observed = null;
  setInterval(() => {
    const list = document.querySelector('.feed__list');
    if (list === observed) return;
    observer.disconnect();
    observed = list;
    if (list) observer.observe(list, { childList: true, subtree: true });
  }, 100);
};

/** Bids per lot as the focused sale's board shows them (the 4th cell of each row). */
const boardCounts = (page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-testid="board-lot"][data-lot-id]')].map((row) => [
        row.dataset.lotId,
        Number(row.querySelectorAll('td')[3]?.textContent.replace(/\D/g, '') ?? NaN),
      ]),
    ),
  );
const sum = (counts) => Object.values(counts).reduce((total, count) => total + count, 0);

const longestOf = (longTasks) => Math.round(Math.max(0, ...longTasks.map(([, ms]) => ms)));

/**
 * `rate` bids a second for `seconds`: publish-to-paint of the feed's rows, DOM commits, long tasks,
 * and (with `onBoard`, the sale focus) what the board counted against what was published.
 */
export async function measureRate(page, room, rate, seconds, { onBoard = true } = {}) {
  const received = async () => (onBoard ? sum(await boardCounts(page)) : NaN);
  const before = await received();
  await page.evaluate(() => {
    window.benchState.paintedAt = {};
    window.benchState.commits = 0;
    window.benchState.longTasks = [];
  });
  const loadAtStart = load();
  const started = Date.now();
  const { sentAt } = await publishAt(room, rate, rate * seconds);
  await sleep(1500);
  const elapsed = (Date.now() - started) / 1000;
  const state = await page.evaluate(() => window.benchState);
  const latencies = [...sentAt]
    .filter(([id]) => id in state.paintedAt)
    .map(([id, sent]) => state.paintedAt[id] - sent)
    .sort((a, b) => a - b);
  const counted = (await received()) - before;
  return {
    ratePerSecond: rate,
    published: sentAt.size,
    received: onBoard ? counted : null,
    lost: onBoard ? sentAt.size - counted : null,
    paintedSample: latencies.length,
    publishToPaintP50Ms: Math.round(percentile(latencies, 50)),
    publishToPaintP90Ms: Math.round(percentile(latencies, 90)),
    publishToPaintP99Ms: Math.round(percentile(latencies, 99)),
    domCommitsPerSecond: Math.round(state.commits / elapsed),
    longestTaskMs: longestOf(state.longTasks),
    longTasksOver50Ms: state.longTasks.length,
    loadAverageAtStart: loadAtStart,
  };
}

// In a fresh page, before its scripts: every frame, has the first load caught up? That is, the
// earlier bids say "loaded" and every lot of the board shows the bids history holds for it.
// Times are the page's own (ms since navigation start).
const watchCatchUp = (expected) => {
  const progress = {
    boardShownAt: null,
    loadingAt: null,
    loadedAt: null,
    boardAt: null,
    doneAt: null,
  };
  window.benchCatchUp = progress;
  const boardMatches = () => {
    const rows = document.querySelectorAll('[data-testid="board-lot"][data-lot-id]');
    if (rows.length > 0) progress.boardShownAt ??= performance.now();
    for (const row of rows) {
      const shown = Number(row.querySelectorAll('td')[3]?.textContent.replace(/\D/g, ''));
      if (shown !== (expected[row.dataset.lotId] ?? 0)) return false;
    }
    return rows.length > 0;
  };
  const check = () => {
    const now = performance.now();
    const earlier = document.querySelector('[data-testid="earlier-bids"]');
    const state = earlier?.getAttribute('data-state');
    if (state === 'loading') progress.loadingAt ??= now;
    if (state === 'loaded' && progress.loadedAt === null) {
      progress.loadedAt = now;
      progress.loadedText = earlier.textContent;
    }
    if (progress.boardAt === null && boardMatches()) progress.boardAt = now;
    if (progress.loadedAt !== null && progress.boardAt !== null) progress.doneAt = now;
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};

// The requests on the way from navigation to a caught-up board, in the order they happen.
const catchUpRequests = {
  scripts: /\/_next\/static\/chunks\/.*\.js/,
  accessCheck: /\/api\/auth\/me/,
  realtimeConfig: /\/api\/realtime\/config/,
  // The first load's history as the console's server reads it (ADR 31).
  earlier: /\/api\/realtime\/earlier/,
  catalogue: /\/api\/sales/,
  subscribe: /\/v2\/subscribe\//,
  history: /\/v3\/history\//,
  // The board's lot links, which Next prefetches as they come into view.
  lotPrefetches: /[?&]lot=.*_rsc=/,
};

/**
 * Per kind of request, as the browser's network layer sees them (PubNub's SDK sends from a worker,
 * so the page's resource timing lacks them): how many, when the first started and ended and when
 * the last ended, in ms after `since()` (Node's clock).
 */
function watchRequests(page, since) {
  const seen = Object.fromEntries(
    Object.keys(catchUpRequests).map((name) => [
      name,
      { count: 0, firstStartMs: null, firstEndMs: null, lastEndMs: null },
    ]),
  );
  const kindOf = (request) =>
    Object.keys(catchUpRequests).find((name) => catchUpRequests[name].test(request.url()));
  page.on('request', (request) => {
    const kind = seen[kindOf(request)];
    if (!kind) return;
    kind.count += 1;
    kind.firstStartMs ??= Date.now() - since();
  });
  page.on('requestfinished', (request) => {
    const kind = seen[kindOf(request)];
    if (!kind) return;
    kind.firstEndMs ??= Date.now() - since();
    kind.lastEndMs = Date.now() - since();
  });
  return seen;
}

/**
 * One navigation to a caught-up board, in a fresh page of the signed-in context; with
 * `latencyMs`, every request of the page takes that much longer (Chromium's network emulation),
 * as over the Internet to PubNub and to the deployment, where round trips cost more than here.
 */
async function catchUpOnce(context, expected, { latencyMs = 0 } = {}) {
  const page = await context.newPage();
  try {
    if (latencyMs > 0) {
      const client = await context.newCDPSession(page);
      await client.send('Network.enable');
      await client.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: latencyMs,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    }
    await page.addInitScript(watchCatchUp, expected);
    let started = 0; // Set as the navigation starts; the watchers read it then.
    const requests = watchRequests(page, () => started);
    started = Date.now();
    await page.goto(`${baseUrl}${salePath}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.benchCatchUp?.doneAt != null, null, {
      timeout: 60_000,
      polling: 100,
    });
    const seen = await page.evaluate(() => ({
      timeOrigin: performance.timeOrigin,
      domContentLoaded: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd,
      progress: window.benchCatchUp,
      longTasks: window.benchState.longTasks,
    }));
    const { progress } = seen;
    // Page times to ms after the navigation started, as the request times are.
    const fromStart = (pageMs) => Math.round(seen.timeOrigin + pageMs - started);
    // Long tasks until the board caught up: what kept the page from painting sooner.
    const before = seen.longTasks.filter(([at]) => at < progress.doneAt);
    return {
      navigationToCaughtUpMs: fromStart(progress.doneAt),
      domContentLoadedAtMs: fromStart(seen.domContentLoaded),
      boardShownAtMs: fromStart(progress.boardShownAt),
      earlierLoadingAtMs: fromStart(progress.loadingAt ?? NaN),
      earlierLoadedAtMs: fromStart(progress.loadedAt),
      boardCaughtUpAtMs: fromStart(progress.boardAt),
      requests,
      loadedText: progress.loadedText,
      longestTaskMs: longestOf(before),
      longTasksMs: before.map(([at, ms]) => [fromStart(at), Math.round(ms)]),
    };
  } finally {
    await page.close();
  }
}

/**
 * Navigation to a caught-up board with `count` more bids published first (the relay keeps them,
 * the console's recorder records them). Since ADR 36 the page comes with the sale's record: the
 * board must show, per lot, every bid the record holds (`GET /api/sales/{id}` read just before,
 * nothing being published meanwhile), and the feed its earlier bids.
 */
export async function measureCatchUp(
  context,
  room,
  { count = 2_000, runs = 5, latencyMs = 0 } = {},
) {
  await publishAt(room, 2_000, count);
  // The open page takes these bids live, the recorder records them; let both settle.
  await sleep(3_000);
  const recorded = await (
    await context.request.get(`${baseUrl}/api/sales/${encodeURIComponent(benchAuctionId)}`)
  ).json();
  const perLot = Object.fromEntries(recorded.lots.map((lot) => [lot.lotId, lot.bids]));
  const loadAtStart = load();
  const samples = [];
  for (let run = 0; run < runs; run += 1)
    samples.push(await catchUpOnce(context, perLot, { latencyMs }));
  const times = samples.map((sample) => sample.navigationToCaughtUpMs).sort((a, b) => a - b);
  return {
    historyMessages: count,
    latencyMs,
    expectedOnBoard: sum(perLot),
    runs,
    medianMs: percentile(times, 50),
    maxMs: times.at(-1),
    loadAverageAtStart: loadAtStart,
    samples,
  };
}

async function heapMb(client) {
  await client.send('HeapProfiler.collectGarbage');
  const { usedSize } = await client.send('Runtime.getHeapUsage');
  return +(usedSize / 1024 / 1024).toFixed(1);
}

async function soak(page, client, room, minutes) {
  // The soak measures the console's heap: drop what the paint tracking itself holds.
  await page.evaluate(() => {
    window.benchState.tracking = false;
    window.benchState.paintedAt = {};
    window.benchState.longTasks = [];
  });
  const before = sum(await boardCounts(page));
  const publishing = publishAt(room, 200, 200 * 60 * minutes);
  await sleep(60_000);
  const afterOneMinute = await heapMb(client);
  const { sentAt } = await publishing;
  await sleep(1000);
  return {
    ratePerSecond: 200,
    minutes,
    published: sentAt.size,
    received: sum(await boardCounts(page)) - before,
    heapAfter1MinMb: afterOneMinute,
    [`heapAfter${minutes}MinMb`]: await heapMb(client),
  };
}

export async function signIn(page) {
  await page.goto(`${baseUrl}/sign`);
  await page.getByLabel('Login id').fill('demo');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('.connection-chip', { hasText: 'Live' }).waitFor({ timeout: 30_000 });
}

/** Opens `path` and waits for the live view, caught up with the earlier bids. */
export async function openLive(page, path) {
  await page.goto(`${baseUrl}${path}`);
  await page.locator('.connection-chip', { hasText: 'Live' }).waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="earlier-bids"][data-state="loaded"]').waitFor();
}

/** The round trip added for the catch-up measured as from afar (a browser 40 ms from PubNub). */
const farAwayLatencyMs = 40;

/**
 * What each bench of the sale focus starts from: a console of its own (no simulator, `env` added),
 * the bench sale's catalogue with every lot open before any page loads (the board shows them open
 * with their countdowns), one room whose lots keep climbing by legal increments, and Chromium.
 * `stop()` ends them.
 */
export async function startSaleBench({ env = {}, browserArgs = [] } = {}) {
  const server = await startConsole({
    port,
    env: { SESSION_SECRET: 'r'.repeat(48), SIMULATOR: 'off', ...env },
  });
  let browser = null;
  const stop = async () => {
    await browser?.close();
    await server.stop();
  };
  try {
    browser = await chromium.launch({
      executablePath: existsSync(chromium.executablePath()) ? undefined : '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', ...browserArgs],
    });
    const catalogue = benchCatalogue();
    await ingestCatalogue(catalogue);
    for (const opened of lotOpenings(catalogue)) await publish(opened);
    return { browser, catalogue, room: createBenchRoom(catalogue), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function measureRealtime({
  soakMinutes = Number(process.env.BENCH_SOAK_MINUTES || 10),
  withFlagsCost = true,
} = {}) {
  // In Node first, before the console and the browser take the cores.
  const flagsCost = withFlagsCost ? await measureFlagsCost() : null;
  const { browser, catalogue, room, stop } = await startSaleBench({
    env: { RELAY_ALLOWED_ORIGINS: `http://localhost:${floorPort}` },
    browserArgs: ['--enable-precise-memory-info'],
  });
  let floorPage = null;
  try {
    floorPage = await serveBareSdkPage({
      port: floorPort,
      relayOrigin: new URL(relayUrl).host,
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(instrument);
    // The floor first, in a page of its own: the SDK alone, the same relay, publisher and bids.
    // The sale focus right after it, before anything else publishes: the two are compared, so
    // they run back to back on the same machine (the all-sales view's 1,000 bids/s, measured
    // before them until 2026-11-28, left the console recording and the load average at 2.4
    // where the floor had met 1.2).
    const sdkFloor = await measureFloor(context, floorPage.url, room);
    const page = await context.newPage();
    await signIn(page);
    await openLive(page, salePath);
    await page.locator('[data-testid="board-lot"]').first().waitFor();
    const client = await context.newCDPSession(page);
    // A warm-up second, as the floor has: the view has just opened (its feed and flags render
    // after the board's first paint), and what is measured is the steady state.
    await measureRate(page, room, 100, 1);
    const at100 = await measureRate(page, room, 100, 10);
    const at1000 = await measureRate(page, room, 1000, 10);
    // Issue 4's view (all sales: feed and leaderboard), same bids, same run: on a shared machine
    // only figures measured side by side compare.
    await openLive(page, '/dash');
    const allSales = {
      at100: await measureRate(page, room, 100, 10, { onBoard: false }),
      at1000: await measureRate(page, room, 1000, 10, { onBoard: false }),
    };
    await openLive(page, salePath);
    const catchUp = await measureCatchUp(context, room);
    const catchUpFarAway = await measureCatchUp(context, room, { latencyMs: farAwayLatencyMs });
    const soakResult = soakMinutes > 0 ? await soak(page, client, room, soakMinutes) : null;
    return {
      measuredAt: new Date().toISOString(),
      node: process.version,
      lots: catalogue.length,
      at100,
      at1000,
      allSalesView: allSales,
      sdkFloor,
      catchUp,
      catchUpFarAway,
      flagsCost,
      soak: soakResult,
    };
  } finally {
    await floorPage?.stop();
    await stop();
  }
}

/** Publish-to-paint of the bare SDK page at 100 bids/s, after a warm-up second. */
async function measureFloor(context, url, room) {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.benchConnected === true, null, { timeout: 30_000 });
    await measureRate(page, room, 100, 1, { onBoard: false });
    return { at100: await measureRate(page, room, 100, 10, { onBoard: false }) };
  } finally {
    await page.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.info(JSON.stringify(await measureRealtime(), null, 2));
}
