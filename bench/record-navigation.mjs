// Navigation to a painted board of a big recorded sale (part 3 of bench/record.mjs): Chromium,
// signed in through the form, opens `/dash?sale=ID` in a fresh page `runs` times; the time from
// the navigation's start to the first frame whose board shows the sale's lots with their recorded
// bids (the page comes with its record, ADR 36), and the requests it made on the way.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { percentile } from './console-server.mjs';

// In the page, before its scripts: every frame, does the board show lots with bids yet?
const watchBoard = () => {
  const seen = { boardAt: null, rows: 0 };
  window.benchBoard = seen;
  const check = () => {
    const rows = document.querySelectorAll('[data-testid="board-lot"][data-lot-id]');
    const withBids = [...rows].some(
      (row) => Number(row.querySelectorAll('td')[3]?.textContent.replace(/\D/g, '')) > 0,
    );
    if (rows.length > 0 && withBids) {
      seen.boardAt = performance.now();
      seen.rows = rows.length;
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};

/** `login`: `{loginId, password}` of an account of the console at `baseUrl`. */
export async function measureBoardNavigation(baseUrl, auctionId, login, { runs = 5 } = {}) {
  const browser = await chromium.launch({
    executablePath: existsSync(chromium.executablePath()) ? undefined : '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const signIn = await context.newPage();
    await signIn.goto(`${baseUrl}/sign`);
    await signIn.getByLabel('Login id').fill(login.loginId);
    await signIn.getByLabel('Password').fill(login.password);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await signIn.waitForURL(/\/dash$/, { timeout: 30_000 });
    await signIn.close();
    const samples = [];
    // The first is the warm-up (the live part's chunk into the HTTP cache), not counted.
    for (let run = 0; run <= runs; run += 1) {
      const page = await context.newPage();
      try {
        await page.addInitScript(watchBoard);
        const asked = { earlier: 0, catalogue: 0, history: 0 };
        page.on('request', (request) => {
          const url = request.url();
          if (url.includes('/api/realtime/earlier')) asked.earlier += 1;
          if (url.includes('/api/sales')) asked.catalogue += 1;
          if (url.includes('/v3/history/')) asked.history += 1;
        });
        const started = Date.now();
        await page.goto(`${baseUrl}/dash?sale=${encodeURIComponent(auctionId)}`, {
          waitUntil: 'commit',
        });
        await page.waitForFunction(() => window.benchBoard?.boardAt != null, null, {
          timeout: 60_000,
          polling: 50,
        });
        const seen = await page.evaluate(() => ({
          timeOrigin: performance.timeOrigin,
          board: window.benchBoard,
          htmlBytes: performance.getEntriesByType('navigation')[0]?.transferSize ?? null,
        }));
        if (run > 0)
          samples.push({
            navigationToBoardMs: Math.round(seen.timeOrigin + seen.board.boardAt - started),
            rowsShown: seen.board.rows,
            htmlTransferBytes: seen.htmlBytes,
            requestsBeforeBoard: { ...asked },
          });
      } finally {
        await page.close();
      }
    }
    const times = samples.map((sample) => sample.navigationToBoardMs).sort((a, b) => a - b);
    return { runs, medianMs: percentile(times, 50), maxMs: times.at(-1), samples };
  } finally {
    await browser.close();
  }
}
