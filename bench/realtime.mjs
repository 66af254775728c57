// npm run bench:realtime: the live path through the relay into headless Chromium, measured.
// Figures, never assertions (docs/benchmarks.md). Soak length: BENCH_SOAK_MINUTES (default 10).
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';
import { percentile, startConsole } from './console-server.mjs';

const port = 3330;
const baseUrl = `http://localhost:${port}`;
const relayUrl = `http://localhost:${port + 1000}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function bid(lotId, index) {
  return {
    type: 'bid.placed',
    v: 1,
    bidId: crypto.randomUUID(),
    auctionId: 'bench',
    lotId,
    lotTitle: `Bench lot ${lotId}`,
    bidder: `Bidder ${index % 50}`,
    amount: 100_000 + index * 100,
    currency: 'EUR',
    placedAt: new Date().toISOString(),
  };
}

/** Publishes `count` bids at `rate` per second; returns publish times by bid id. */
async function publishAt(rate, count, lotId) {
  const sentAt = new Map();
  const started = performance.now();
  const inFlight = new Set();
  for (let index = 0; index < count; index += 1) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const message = bid(lotId, index);
    sentAt.set(message.bidId, Date.now());
    const request = fetch(
      `${relayUrl}/publish/embedded-pub/embedded-sub/0/bids/0/${encodeURIComponent(JSON.stringify(message))}?uuid=bench`,
    )
      .then((response) => response.arrayBuffer())
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
    if (inFlight.size > 64) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return sentAt;
}

// In the page: when each bid row is first painted, how many DOM commits, the longest task.
const instrument = () => {
  const state = { paintedAt: {}, commits: 0, longestTaskMs: 0, trackPaints: true };
  window.benchState = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      state.longestTaskMs = Math.max(state.longestTaskMs, entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const observe = () => {
    const list = document.querySelector('.feed__list');
    if (!list) return void setTimeout(observe, 100);
    new MutationObserver(() => {
      state.commits += 1;
      if (!state.trackPaints) return;
      requestAnimationFrame(() => {
        const now = performance.timeOrigin + performance.now();
        for (const row of document.querySelectorAll('[data-testid="bid"]')) {
          const id = row.getAttribute('data-bid-id');
          if (!(id in state.paintedAt)) state.paintedAt[id] = now;
        }
      });
    }).observe(list, { childList: true, subtree: true });
  };
  observe();
};

async function measureRate(page, rate, seconds) {
  const lotId = `rate-${rate}-${Date.now()}`;
  await page.evaluate(() => {
    window.benchState.paintedAt = {};
    window.benchState.commits = 0;
    window.benchState.longestTaskMs = 0;
  });
  const started = Date.now();
  const sentAt = await publishAt(rate, rate * seconds, lotId);
  await sleep(1500);
  const elapsed = (Date.now() - started) / 1000;
  const state = await page.evaluate(() => window.benchState);
  const latencies = [...sentAt]
    .filter(([id]) => id in state.paintedAt)
    .map(([id, sent]) => state.paintedAt[id] - sent)
    .sort((a, b) => a - b);
  const received = Number(
    await page
      .getByRole('row', { name: new RegExp(`Bench lot ${lotId}`) })
      .getByRole('cell')
      .nth(1)
      .innerText(),
  );
  return {
    ratePerSecond: rate,
    published: sentAt.size,
    received,
    lost: sentAt.size - received,
    paintedSample: latencies.length,
    publishToPaintP50Ms: Math.round(percentile(latencies, 50)),
    publishToPaintP99Ms: Math.round(percentile(latencies, 99)),
    domCommitsPerSecond: Math.round(state.commits / elapsed),
    longestTaskMs: Math.round(state.longestTaskMs),
  };
}

async function heapMb(page, client) {
  await client.send('HeapProfiler.collectGarbage');
  const { usedSize } = await client.send('Runtime.getHeapUsage');
  return +(usedSize / 1024 / 1024).toFixed(1);
}

async function soak(page, client, minutes) {
  const lotId = `soak-${Date.now()}`;
  // The soak measures the console's heap: drop what the paint tracking itself holds.
  await page.evaluate(() => {
    window.benchState.trackPaints = false;
    window.benchState.paintedAt = {};
  });
  const publishing = publishAt(200, 200 * 60 * minutes, lotId);
  await sleep(60_000);
  const afterOneMinute = await heapMb(page, client);
  await publishing;
  await sleep(1000);
  return {
    ratePerSecond: 200,
    minutes,
    heapAfter1MinMb: afterOneMinute,
    [`heapAfter${minutes}MinMb`]: await heapMb(page, client),
  };
}

export async function measureRealtime({
  soakMinutes = Number(process.env.BENCH_SOAK_MINUTES || 10),
} = {}) {
  const server = await startConsole({
    port,
    env: { SESSION_SECRET: 'r'.repeat(48), SIMULATOR: 'off' },
  });
  const browser = await chromium.launch({
    executablePath: existsSync(chromium.executablePath()) ? undefined : '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--enable-precise-memory-info'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript(instrument);
    await page.goto(`${baseUrl}/sign`);
    await page.getByLabel('Login id').fill('demo');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.connection-chip', { hasText: 'Live' }).waitFor({ timeout: 30_000 });
    const client = await page.context().newCDPSession(page);
    const at100 = await measureRate(page, 100, 10);
    const at1000 = await measureRate(page, 1000, 10);
    const soakResult = soakMinutes > 0 ? await soak(page, client, soakMinutes) : null;
    return { at100, at1000, soak: soakResult };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.info(JSON.stringify(await measureRealtime(), null, 2));
}
