// Publish-to-paint of variants of the sale focus at 100 bids/s, one fresh page at a time, the
// variants alternated round by round: what a style sheet or a script added to the page changes,
// without another build. Figures, never assertions (docs/benchmarks.md).
// bash scripts/with-node.sh node bench/ab-sale-focus.mjs
// Knobs: AB (variant names, comma-separated; default "shipped,clock-held,no-board"), AB_CSS (a
// style sheet: the variant "css"), ROUNDS (default 3), AB_SECONDS (per round, default 10).
// Needs a production build (.next) and ports 3330/4330, as bench:realtime does.
import { loadavg } from 'node:os';
import {
  instrument,
  measureRate,
  openLive,
  salePath,
  signIn,
  startSaleBench,
} from './realtime.mjs';

// In the page, before its scripts: the board's 1-s clock (a 1,000 ms interval reading the time)
// ticks once an hour instead.
const holdBoardClock = () => {
  const original = window.setInterval;
  window.setInterval = (callback, ms, ...rest) =>
    original(
      callback,
      ms === 1000 && String(callback).includes('Date.now()') ? 3_600_000 : ms,
      ...rest,
    );
};

const variants = {
  shipped: {},
  'clock-held': { script: holdBoardClock },
  'no-board': { css: '.board { display: none }' },
  'feed-only': {
    css: '.board, .flags, .kpis, .sale-focus, .sparkline, .connection-status, .live-notices, header { display: none }',
  },
  'no-flags': { css: '.flags { display: none }' },
  'no-figures': { css: '.kpis { display: none }' },
  css: { css: process.env.AB_CSS ?? '' },
};

/** p50 / p90 / p99 of the feed rows' publish-to-paint over `seconds` at `rate` bids/s. */
async function publishToPaint(page, room, rate, seconds) {
  const measured = await measureRate(page, room, rate, seconds, { onBoard: false });
  return [measured.publishToPaintP50Ms, measured.publishToPaintP90Ms, measured.publishToPaintP99Ms];
}

const chosen = (process.env.AB || 'shipped,clock-held,no-board').split(',');
for (const name of chosen) if (!(name in variants)) throw new Error(`no variant named ${name}`);
const rounds = Number(process.env.ROUNDS || 3);
const seconds = Number(process.env.AB_SECONDS || 10);

const { browser, room, stop } = await startSaleBench();
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(instrument);
  const signing = await context.newPage();
  await signIn(signing);
  await signing.close();
  const results = Object.fromEntries(chosen.map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1)
    for (const name of round % 2 ? [...chosen].reverse() : chosen) {
      const { css, script } = variants[name];
      const page = await context.newPage();
      if (script) await page.addInitScript(script);
      await openLive(page, salePath);
      if (css) await page.addStyleTag({ content: css });
      await page.locator('[data-testid="board-lot"]').first().waitFor({ state: 'attached' });
      await publishToPaint(page, room, 100, 2); // Warm-up: the feed's list appears.
      const figures = await publishToPaint(page, room, 100, seconds);
      results[name].push({ p50p90p99Ms: figures, loadAverage: +loadavg()[0].toFixed(1) });
      await page.close();
    }
  console.info(JSON.stringify(results, null, 2));
} finally {
  await stop();
}
