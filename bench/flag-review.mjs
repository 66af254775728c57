// npm run bench:flag-review: a flag reviewed in one browser, painted in another (issue 30, contract
// §14). A console of its own (no simulator); a clerk's page shows the bench sale's desk; for each
// of `reviews` flags (a jump, published through the relay, raised by the recorder) a second
// session reviews it through the API, and the clerk's page notes the first frame whose flag says
// its new state. Figures, never assertions (docs/benchmarks.md).
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { benchCatalogue } from './bench-sale.mjs';
import { percentile, startConsole } from './console-server.mjs';

const port = 3350;
const baseUrl = `http://localhost:${port}`;
const relayUrl = `http://localhost:${port + 1000}`;
const password = process.env.DEMO_PASSWORD ?? 'demo-password';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const publish = (message) =>
  fetch(
    `${relayUrl}/publish/embedded-pub/embedded-sub/0/bids/0/${encodeURIComponent(JSON.stringify(message))}?uuid=bench`,
  ).then((response) => response.arrayBuffer());

const bid = (lot, bidder, amount) => ({
  type: 'bid.placed',
  v: 1,
  bidId: crypto.randomUUID(),
  auctionId: lot.auctionId,
  lotId: lot.lotId,
  lotTitle: lot.lotTitle,
  bidder,
  amount,
  currency: lot.currency,
  placedAt: new Date().toISOString(),
});

// In the clerk's page: when each flag is first painted with a state other than `open`.
const watchStates = () => {
  const painted = {};
  window.benchReviews = painted;
  const look = () => {
    requestAnimationFrame(() => {
      const now = performance.timeOrigin + performance.now();
      for (const item of document.querySelectorAll('[data-testid="flag"][data-state]')) {
        const { flagId, state } = item.dataset;
        if (state !== 'open' && !(flagId in painted)) painted[flagId] = now;
      }
    });
  };
  new MutationObserver(look).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-state'],
  });
};

async function signedIn(browser, loginId) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const answer = await context.request.post(`${baseUrl}/api/auth/sign-in`, {
    data: { loginId, password },
    headers: { origin: baseUrl },
  });
  if (!answer.ok()) throw new Error(`sign-in of ${loginId}: ${answer.status()}`);
  return context;
}

export async function measureFlagReview({ reviews = 20 } = {}) {
  const server = await startConsole({ port, env: { SIMULATOR: 'off' } });
  const browser = await chromium.launch({
    executablePath: existsSync(chromium.executablePath()) ? undefined : '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking'],
  });
  try {
    const catalogue = benchCatalogue(reviews);
    const ingested = await fetch(`${baseUrl}/api/platform/lots`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer embedded-platform-token',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ items: catalogue }),
    });
    if (!ingested.ok) throw new Error(`catalogue: ${ingested.status}`);
    // The clerk through the form, as staff do (the page's access check reads what it stores);
    // the reviewer only calls the API.
    const clerk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await clerk.newPage();
    await page.goto(`${baseUrl}/sign`);
    await page.getByLabel('Login id').fill('clerk');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dash$/, { timeout: 30_000 });
    const reviewer = await signedIn(browser, 'demo');
    await page.addInitScript(watchStates);
    await page.goto(`${baseUrl}/dash?sale=${encodeURIComponent(catalogue[0].auctionId)}`);
    await page.locator('.connection-chip', { hasText: 'Live' }).waitFor({ timeout: 30_000 });
    const loadAtStart = +loadavg()[0].toFixed(1);
    const latencies = [];
    for (const lot of catalogue) {
      // A jump: far more than five increments over the first bid.
      await publish(bid(lot, 'P-1', lot.startingBid));
      await publish(bid(lot, 'P-2', lot.startingBid * 20));
      const item = page.locator(`[data-testid="flag"][data-rule="jump"]`, {
        has: page.getByRole('link', { name: new RegExp(`Lot ${lot.lotNumber}$`) }),
      });
      await item.waitFor({ timeout: 30_000 });
      const flagId = await item.getAttribute('data-flag-id');
      const sentAt = Date.now();
      const answer = await reviewer.request.post(
        `${baseUrl}/api/flags/${encodeURIComponent(flagId)}/review`,
        { data: { outcome: 'escalated', note: 'bench' }, headers: { origin: baseUrl } },
      );
      if (!answer.ok()) throw new Error(`review: ${answer.status()} ${await answer.text()}`);
      await page.waitForFunction((id) => id in window.benchReviews, flagId, { timeout: 30_000 });
      latencies.push((await page.evaluate((id) => window.benchReviews[id], flagId)) - sentAt);
      await sleep(100);
    }
    latencies.sort((a, b) => a - b);
    return {
      reviews: latencies.length,
      p50Ms: Math.round(percentile(latencies, 50)),
      p95Ms: Math.round(percentile(latencies, 95)),
      maxMs: Math.round(latencies.at(-1)),
      loadAverageAtStart: loadAtStart,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.info(JSON.stringify(await measureFlagReview(), null, 2));
}
