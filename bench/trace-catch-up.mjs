// Where the time goes between a navigation to the sale focus and a caught-up board, with 2,000
// messages in history: a Chrome trace and a sampling CPU profile of one fresh page, cut at the
// requests that mark the way (access check, realtime config, first and last history page).
// bash scripts/with-node.sh node bench/trace-catch-up.mjs
// Needs a production build (.next) and ports 3330/4330, as bench:realtime does.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { baseUrl, publishAt, salePath, signIn, startSaleBench } from './realtime.mjs';

const categories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
];

const marks = {
  accessCheck: /\/api\/auth\/me/,
  realtimeConfig: /\/api\/realtime\/config/,
  history: /\/v3\/history\//,
};

/** Self time per script (chunk file) and per function between two trace times (µs). */
function profileBetween(profile, from, to) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  let at = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < from || at >= to) return;
    const { functionName, url, lineNumber, columnNumber } = byId.get(id).callFrame;
    const file = url.split('/').pop();
    const name = `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}:${columnNumber + 1}` : ''}`;
    const us = profile.timeDeltas[index + 1] ?? 0;
    self.set(name.trim(), (self.get(name.trim()) ?? 0) + us);
    total += us;
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, us]) => `${Math.round(us / 1000)} ms ${name}`)
    .concat(`(${Math.round(total / 1000)} ms sampled)`);
}

const { browser, room, stop } = await startSaleBench();
try {
  await publishAt(room, 2_000, 2_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signIn(await context.newPage());
  // A first visit fills the HTTP cache, as the bench's earlier phases do.
  const warm = await context.newPage();
  await warm.goto(`${baseUrl}${salePath}`);
  await warm.locator('[data-testid="earlier-bids"][data-state="loaded"]').waitFor();
  await warm.close();

  const page = await context.newPage();
  // When the page first says the earlier bids are loaded (ms after its navigation started).
  await page.addInitScript(() => {
    const check = () => {
      const state = document.querySelector('[data-testid="earlier-bids"]')?.dataset.state;
      if (state === 'loaded') window.benchLoadedAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  const client = await context.newCDPSession(page);
  const events = [];
  client.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => client.once('Tracing.tracingComplete', resolve));
  await client.send('Profiler.enable');
  await client.send('Profiler.setSamplingInterval', { interval: 200 });
  await client.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: categories, excludedCategories: ['*'] },
  });
  await client.send('Profiler.start');
  const loadAtStart = +loadavg()[0].toFixed(1);
  await page.goto(`${baseUrl}${salePath}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.benchLoadedAt !== undefined);
  const loadedAtMs = await page.evaluate(() => window.benchLoadedAt);
  const { profile } = await client.send('Profiler.stop');
  await client.send('Tracing.end');
  await done;

  // The navigation's start and each mark's first and last request, in trace time (µs).
  // The main frame's navigation to the sale (not a prefetch's or an iframe's).
  const navigation = events.findLast(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame &&
      String(event.args.data.documentLoaderURL ?? '').includes(salePath),
  )?.ts;
  const sent = events.filter((event) => event.name === 'ResourceSendRequest');
  const finished = new Map(
    events
      .filter((event) => event.name === 'ResourceFinish')
      .map((event) => [event.args.data.requestId, event.ts]),
  );
  const times = { navigation };
  for (const [name, pattern] of Object.entries(marks)) {
    const requests = sent.filter((event) => pattern.test(event.args.data.url));
    times[`${name}Sent`] = requests[0]?.ts;
    times[`${name}Done`] = finished.get(requests.at(-1)?.args.data.requestId);
  }
  const caughtUp = navigation + loadedAtMs * 1000;
  const ms = (ts) => (ts === undefined ? null : Math.round((ts - navigation) / 1000));
  const windows = [
    ['navigation → access check answered', navigation, times.accessCheckDone],
    ['access check → realtime config asked', times.accessCheckDone, times.realtimeConfigSent],
    ['config asked → first history page asked', times.realtimeConfigSent, times.historySent],
    ['history pages', times.historySent, times.historyDone],
    ['last history page → earlier bids loaded', times.historyDone, caughtUp],
  ];
  // Long main-thread tasks, to see what blocks between the marks.
  const longTasks = events
    .filter((event) => event.name === 'RunTask' && event.dur > 30_000 && event.ts >= navigation)
    .map((event) => [ms(event.ts), Math.round(event.dur / 1000)]);
  // What the longest task after the last history page was made of (nested events overlap).
  const lastLong = events
    .filter(
      (event) => event.name === 'RunTask' && event.dur > 30_000 && event.ts >= times.historyDone,
    )
    .sort((a, b) => b.dur - a.dur)[0];
  const insideLongest = {};
  if (lastLong)
    for (const event of events) {
      if (event.tid !== lastLong.tid || event.ph !== 'X' || event === lastLong) continue;
      if (event.ts < lastLong.ts || event.ts + event.dur > lastLong.ts + lastLong.dur) continue;
      insideLongest[event.name] = (insideLongest[event.name] ?? 0) + event.dur / 1000;
    }
  /** Main-thread time by kind of event between two trace times (nested events overlap). */
  // The page's main thread: where the store's animation frames run.
  const frame = events.find(
    (event) => event.name === 'FireAnimationFrame' && event.ts >= navigation,
  );
  const byKind = (from, to) => {
    const spent = {};
    for (const event of events) {
      if (
        event.pid !== frame?.pid ||
        event.tid !== frame?.tid ||
        event.ph !== 'X' ||
        event.ts < from ||
        event.ts > to
      )
        continue;
      spent[event.name] = (spent[event.name] ?? 0) + event.dur / 1000;
    }
    return Object.entries(spent)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([name, total]) => `${Math.round(total)} ms ${name}`);
  };
  // TRACE_DUMP=file: the profile and a window (the longest task after history, or with
  // TRACE_WINDOW=history the history pages), for a closer look elsewhere.
  const dumped =
    process.env.TRACE_WINDOW === 'history'
      ? { from: times.historySent, to: times.historyDone }
      : lastLong && { from: lastLong.ts, to: lastLong.ts + lastLong.dur };
  if (process.env.TRACE_DUMP && dumped)
    writeFileSync(process.env.TRACE_DUMP, JSON.stringify({ profile, ...dumped }));
  console.info(
    JSON.stringify(
      {
        loadAtStart,
        longestAfterHistory: lastLong && {
          atMs: ms(lastLong.ts),
          ms: Math.round(lastLong.dur / 1000),
          inside: Object.entries(insideLongest)
            .sort((a, b) => b[1] - a[1])
            .slice(0, 12)
            .map(([name, spent]) => `${Math.round(spent)} ms ${name}`),
        },
        marksMs: Object.fromEntries(Object.entries(times).map(([name, ts]) => [name, ms(ts)])),
        loadedMs: Math.round(loadedAtMs),
        otherRequests: sent
          .filter((event) => !marks.history.test(event.args.data.url))
          .map((event) => [
            ms(event.ts),
            ms(finished.get(event.args.data.requestId)),
            event.args.data.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60),
          ]),
        duringHistory: byKind(times.historySent, times.historyDone),
        historyRequests: sent
          .filter((event) => marks.history.test(event.args.data.url))
          .map((event) => [ms(event.ts), ms(finished.get(event.args.data.requestId))]),
        longTasks,
        windows: windows.map(([name, from, to]) => ({
          name,
          ms: from && to ? Math.round((to - from) / 1000) : null,
          profile: from && to ? profileBetween(profile, from, to) : null,
        })),
      },
      null,
      2,
    ),
  );
} finally {
  await stop();
}
