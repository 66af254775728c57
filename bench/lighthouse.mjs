// npm run bench:lighthouse: Lighthouse (mobile preset, the `lighthouse` package from npm, pinned)
// on /sign, /dash (signed in, live bids from the simulator) and /agreements (signed in), in English
// light and in French dark, against the production build. Figures, never assertions.
//
// Lighthouse starts each audit in a new tab of a browser it is given. To audit signed-in pages
// that browser is Debian's Chromium, started here with a profile this script signs into through
// the form (Playwright over CDP), so the session cookie and the stored user are there, and
// Lighthouse runs with --disable-storage-reset to keep them.
import { chromium } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBareApp, startNext, timedBuild } from './bare-next-app.mjs';
import { startConsole } from './console-server.mjs';

const lighthouseVersion = '13.5.0';
const port = 3340;
const debuggingPort = 9340;
const baseUrl = `http://localhost:${port}`;
const barePort = 3341;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const browserPath = existsSync(chromium.executablePath())
  ? chromium.executablePath()
  : '/usr/bin/chromium';

/** Chromium with a throwaway profile and its DevTools port open, for Lighthouse and Playwright. */
async function startBrowser() {
  const profile = mkdtempSync(join(tmpdir(), 'gavel-lighthouse-'));
  const browser = spawn(
    browserPath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      `--remote-debugging-port=${debuggingPort}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let attempt = 0; attempt < 60; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${debuggingPort}/json/version`)).ok) break;
    } catch {
      // Still starting.
    }
    await sleep(250);
  }
  return {
    stop: () => {
      browser.kill('SIGTERM');
      // Chromium may still be writing its profile as it exits: retried while not empty.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

/** Through the DevTools port: the profile's language and theme, then (`signIn`) a session. */
async function prepareProfile({ locale, theme }, { signIn }) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  const context = browser.contexts()[0];
  await context.addCookies([{ name: 'NEXT_LOCALE', value: locale, url: baseUrl }]);
  const page = await context.newPage();
  // Lighthouse's phone (moto g power, 412×823): the browser remembers the phone layout it used
  // (the gavel-layout cookie), as a returning phone's does.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(`${baseUrl}/sign`);
  await page.evaluate((value) => localStorage.setItem('gavel.theme', value), theme);
  if (signIn) {
    await page.locator('input[name=loginId]').fill('demo');
    await page.locator('input[name=password]').fill(process.env.DEMO_PASSWORD ?? 'demo-password');
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(/\/dash$/);
  }
  await page.close();
  await browser.close();
}

/** Opens `url` once in the audited browser, at Lighthouse's phone size. */
async function visitOnce(url) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  const page = await browser.contexts()[0].newPage();
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(url);
  await page.close();
  await browser.close();
}

function audit(path, origin = baseUrl) {
  const output = join(tmpdir(), `gavel-lighthouse-${process.pid}.json`);
  const run = spawnSync(
    'npx',
    [
      '-y',
      `lighthouse@${lighthouseVersion}`,
      `${origin}${path}`,
      `--port=${debuggingPort}`,
      '--disable-storage-reset',
      '--only-categories=performance,accessibility,best-practices',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
    ],
    { encoding: 'utf8', env: { ...process.env, CHROME_PATH: browserPath } },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed on ${path}: ${run.stderr}`);
  const report = JSON.parse(readFileSync(output, 'utf8'));
  // LIGHTHOUSE_REPORTS=dir keeps each whole report there, to read its diagnostics.
  if (process.env.LIGHTHOUSE_REPORTS) {
    mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
    const name = `${path.replaceAll('/', '') || 'root'}-${Date.now()}.json`;
    copyFileSync(output, join(process.env.LIGHTHOUSE_REPORTS, name));
  }
  rmSync(output, { force: true });
  const score = (category) => Math.round(report.categories[category].score * 100);
  const metric = (id) => report.audits[id].numericValue;
  return {
    path,
    finalUrl: report.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Number(metric('cumulative-layout-shift').toFixed(3)),
  };
}

/** The simulator's first sale: its desk, rendered with its record (issue 29, ADR 36). */
const saleDeskPath = '/dash?sale=paris-modern-art-2026';

/** LIGHTHOUSE_PATHS=/dash,/sign audits only those pages (all four by default). */
const wanted = (path) =>
  (process.env.LIGHTHOUSE_PATHS ?? `/sign,/dash,${saleDeskPath},/agreements`)
    .split(',')
    .includes(path);

/**
 * The floor on this machine: a bare Next 16 app's `/` (a heading, nothing else), built and audited
 * before the console starts, with the same browser and settings.
 */
async function auditBareApp() {
  const dir = createBareApp();
  try {
    timedBuild(dir);
    const app = await startNext(dir, { port: barePort });
    const browser = await startBrowser();
    try {
      // Visited once first, as the console's pages are while the profile is prepared: the audit
      // then meets a warm HTTP cache on both sides.
      await visitOnce(`http://localhost:${barePort}/`);
      return audit('/', `http://localhost:${barePort}`);
    } finally {
      browser.stop();
      await app.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Every page in both variants (English light, French dark), `runs` times each, after the bare
 * app's `/` (`LIGHTHOUSE_BARE=0` leaves it out).
 */
export async function measureLighthouse({ runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1) } = {}) {
  const bare = process.env.LIGHTHOUSE_BARE === '0' ? null : await auditBareApp();
  const server = await startConsole({ port, env: { SIMULATOR: 'on', SIMULATOR_RATE: '5' } });
  const results = [];
  try {
    for (const variant of [
      { locale: 'en', theme: 'light' },
      { locale: 'fr', theme: 'dark' },
    ]) {
      const browser = await startBrowser();
      try {
        // /sign as a visitor sees it; then signed in, the two staff screens.
        await prepareProfile(variant, { signIn: false });
        if (wanted('/sign'))
          for (let run = 0; run < runs; run += 1)
            results.push({ ...variant, run, ...audit('/sign') });
        await prepareProfile(variant, { signIn: true });
        for (let run = 0; run < runs; run += 1)
          for (const path of ['/dash', saleDeskPath, '/agreements'].filter(wanted))
            results.push({ ...variant, run, ...audit(path) });
      } finally {
        browser.stop();
      }
    }
  } finally {
    await server.stop();
  }
  return { lighthouse: lighthouseVersion, loadAverage: loadavg(), bare, results };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const measured = await measureLighthouse();
  console.info(JSON.stringify(measured, null, 2));
  console.info(
    '\n| page | variant | performance | LCP | TBT | CLS | accessibility | best practices |',
  );
  console.info('|---|---|---|---|---|---|---|---|');
  const bareRow = measured.bare && { ...measured.bare, locale: 'bare Next 16', theme: '' };
  for (const r of [bareRow, ...measured.results].filter(Boolean)) {
    console.info(
      `| \`${r.path}\` | ${r.locale} ${r.theme} | ${r.performance} | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.cls} | ${r.accessibility} | ${r.bestPractices} |`,
    );
  }
}
