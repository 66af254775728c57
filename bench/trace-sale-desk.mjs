// Where a frame's time goes in the sale desk under live bids: a Chrome trace (CDP `Tracing`) of the
// page's main thread while the bench room bids, summed per kind of work, and (in a second pass
// without tracing) how many React fibers re-render per commit in each card of the page.
// bash scripts/with-node.sh node bench/trace-sale-desk.mjs [--all-sales] [--profile]
// (--profile adds a third pass: a sampling CPU profile, the functions with the most self time.)
// Knobs: TRACE_RATE (bids/s, default 100), TRACE_SECONDS (default 5), TRACE_OUT (a path: the raw
// trace is written there, for chrome://tracing or the DevTools Performance panel),
// TRACE_CSS (a style sheet added to the page, to try CSS changes without editing the app).
// Needs a production build (.next) and ports 3330/4330, as bench:realtime does.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { openLive, publishAt, salePath, signIn, startSaleBench } from './realtime.mjs';

const rate = Number(process.env.TRACE_RATE || 100);
const seconds = Number(process.env.TRACE_SECONDS || 5);
const path = process.argv.includes('--all-sales') ? '/dash' : salePath;

const categories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'v8.execute',
];

// Trace event names, by the kind of work a frame pays for (the Performance panel's groups).
const kinds = {
  script: ['FunctionCall', 'EvaluateScript', 'FireAnimationFrame', 'TimerFire', 'EventDispatch'],
  style: ['UpdateLayoutTree', 'RecalculateStyles'],
  layout: ['Layout'],
  prePaint: ['PrePaint'],
  paint: ['Paint', 'PaintImage'],
  layerize: ['Layerize', 'UpdateLayer', 'UpdateLayerTree'],
  commit: ['Commit'],
  gc: ['MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'V8.GC_MARK_COMPACTOR'],
  hitTest: ['HitTest'],
};
const kindOf = new Map(
  Object.entries(kinds).flatMap(([kind, names]) => names.map((name) => [name, kind])),
);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The renderer's main thread of the traced page: the busiest CrRendererMain. */
function mainThreadEvents(events) {
  const names = new Map();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name' && event.args.name === 'CrRendererMain')
      names.set(`${event.pid}:${event.tid}`, true);
  const busy = new Map();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (names.has(key) && event.ph === 'X') busy.set(key, (busy.get(key) ?? 0) + (event.dur ?? 0));
  }
  const [main] = [...busy].sort((a, b) => b[1] - a[1])[0] ?? [];
  return events.filter((event) => `${event.pid}:${event.tid}` === main && event.ph === 'X');
}

/**
 * Self time per kind (µs): each complete event's duration minus its children's, so a Layout forced
 * inside a script counts as layout. Forced: style and layout run inside a script (layout thrash).
 */
function summarise(events) {
  const sorted = events
    .filter((event) => event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = {};
  const forced = { style: 0, layout: 0 };
  const stack = [];
  // What "other" is made of: self time by trace event name.
  const otherByName = {};
  // The same self times in the thread's CPU time (`tdur`): on a shared machine the wall-clock
  // durations also count the time other processes held the core, the CPU time does not.
  const cpu = {};
  const add = (kind, us, name, cpuUs) => {
    self[kind] = (self[kind] ?? 0) + us;
    cpu[kind] = (cpu[kind] ?? 0) + (cpuUs ?? 0);
    if (kind === 'other') otherByName[name] = (otherByName[name] ?? 0) + us;
  };
  for (const event of sorted) {
    while (stack.length > 0 && stack.at(-1).end <= event.ts) stack.pop();
    const parent = stack.at(-1);
    const kind = kindOf.get(event.name) ?? 'other';
    if (parent) add(parent.kind, -event.dur, parent.name, -(event.tdur ?? 0));
    if (parent && (kind === 'style' || kind === 'layout')) {
      if (stack.some((open) => open.kind === 'script')) forced[kind] += event.dur;
    }
    add(kind, event.dur, event.name, event.tdur);
    stack.push({ end: event.ts + event.dur, kind, name: event.name });
  }
  const rendering = ['style', 'layout', 'prePaint', 'paint', 'layerize', 'commit'];
  const frames = events.filter((event) => event.name === 'Commit').length;
  // A frame's task: the top-level task that runs the animation frame callbacks (React's commit).
  const frameTasks = events.filter(
    (task) =>
      task.name === 'RunTask' &&
      events.some(
        (event) =>
          event.name === 'FireAnimationFrame' &&
          event.ts >= task.ts &&
          event.ts < task.ts + task.dur,
      ),
  );
  const ms = (us) => Math.round(us / 1000);
  return {
    selfMs: Object.fromEntries(
      Object.entries(self)
        .sort((a, b) => b[1] - a[1])
        .map(([kind, us]) => [kind, ms(us)]),
    ),
    cpuSelfMs: Object.fromEntries(
      Object.entries(cpu)
        .sort((a, b) => b[1] - a[1])
        .map(([kind, us]) => [kind, ms(us)]),
    ),
    cpuTotalMs: ms(Object.values(cpu).reduce((sum, us) => sum + us, 0)),
    // The browser's own work for a frame: style, layout, pre-paint, paint, layerize, commit.
    renderingMsPerFrame: +(
      rendering.reduce((sum, kind) => sum + (self[kind] ?? 0), 0) /
      1000 /
      Math.max(1, frames)
    ).toFixed(1),
    renderingCpuMsPerFrame: +(
      rendering.reduce((sum, kind) => sum + (cpu[kind] ?? 0), 0) /
      1000 /
      Math.max(1, frames)
    ).toFixed(1),
    otherSelfMs: Object.fromEntries(
      Object.entries(otherByName)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, us]) => [name, ms(us)]),
    ),
    forcedStyleMs: ms(forced.style),
    forcedLayoutMs: ms(forced.layout),
    compositorCommits: frames,
    frameTasks: frameTasks.length,
    frameTaskMeanMs: +(
      frameTasks.reduce((sum, task) => sum + task.dur, 0) /
      1000 /
      Math.max(1, frameTasks.length)
    ).toFixed(1),
    layouts: events.filter((event) => event.name === 'Layout').length,
    longestLayoutMs: ms(
      Math.max(0, ...events.filter((e) => e.name === 'Layout').map((e) => e.dur)),
    ),
    // How much of the page each layout visited: the whole page, or the part that changed.
    layoutObjectsMedian: median(
      events.filter((e) => e.name === 'Layout').map((e) => e.args?.beginData?.totalObjects ?? 0),
    ),
    longestPaintMs: ms(Math.max(0, ...events.filter((e) => e.name === 'Paint').map((e) => e.dur))),
  };
}

async function trace(page, client, room) {
  const events = [];
  client.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => client.once('Tracing.tracingComplete', resolve));
  await client.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: categories, excludedCategories: ['*'] },
  });
  await publishAt(room, rate, rate * seconds);
  await client.send('Tracing.end');
  await done;
  if (process.env.TRACE_OUT)
    writeFileSync(process.env.TRACE_OUT, JSON.stringify({ traceEvents: events }));
  // Requests the page (or its workers) sent while traced: each subscribe answer is a task's worth
  // of network handling on top of the frame's work.
  const requests = {};
  for (const event of events) {
    if (event.name !== 'ResourceSendRequest') continue;
    const kind = /\/v2\/subscribe\//.test(event.args.data.url)
      ? 'subscribe'
      : new URL(event.args.data.url).pathname.split('/').slice(0, 3).join('/');
    requests[kind] = (requests[kind] ?? 0) + 1;
  }
  return { ...summarise(mainThreadEvents(events)), requests };
}

// Before the page's scripts: a React DevTools hook that counts, per commit, the fibers that
// rendered (new props or state), by the card (`section`) they sit in. Production React calls it.
const countRenders = () => {
  const counts = { commits: 0, bySection: {} };
  window.benchRenders = counts;
  const sectionOf = (fiber) => {
    for (let node = fiber; node; node = node.return)
      if (node.tag === 5 && node.type === 'section')
        return (
          node.memoizedProps['aria-labelledby'] ??
          node.memoizedProps['aria-label'] ??
          node.memoizedProps.className
        );
    return 'outside any card';
  };
  const walk = (fiber, rendered) => {
    for (let node = fiber; node; node = node.sibling) {
      const previous = node.alternate;
      const did =
        !previous ||
        previous.memoizedProps !== node.memoizedProps ||
        previous.memoizedState !== node.memoizedState;
      // Function components and DOM elements; a memo wrapper counts through the component it renders.
      if (did && (node.tag === 0 || node.tag === 5)) {
        const section = sectionOf(node);
        rendered[section] ??= { components: 0, elements: 0 };
        rendered[section][node.tag === 5 ? 'elements' : 'components'] += 1;
      }
      // A subtree React skipped keeps the children it had: nothing below rendered.
      if (!previous || node.child !== previous.child) walk(node.child, rendered);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id, root) => {
      if (!window.benchRendersOn) return;
      counts.commits += 1;
      walk(root.current.child, counts.bySection);
    },
  };
};

/** JavaScript self time per function (a sampling profile), the most expensive first. */
async function profile(client, room) {
  await client.send('Profiler.enable');
  await client.send('Profiler.setSamplingInterval', { interval: 250 });
  await client.send('Profiler.start');
  await publishAt(room, rate, rate * seconds);
  const { profile: taken } = await client.send('Profiler.stop');
  const byId = new Map(taken.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of taken.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node);
  const self = new Map();
  const byScript = new Map();
  // For each function, the chains of callers (4 deep) its self time came through.
  const callers = new Map();
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  const nameOf = ({ functionName, url, lineNumber, columnNumber }) => {
    const file = url.split('/').pop();
    const where = url ? `${file}:${lineNumber + 1}:${columnNumber + 1}` : '';
    return `${functionName || '(anonymous)'} ${where}`.trim();
  };
  taken.samples.forEach((id, index) => {
    const node = byId.get(id);
    const { functionName, url } = node.callFrame;
    const name = nameOf(node.callFrame);
    const us = taken.timeDeltas[index] ?? 0;
    add(self, name, us);
    add(byScript, url.split('/').pop() || functionName, us);
    const chain = [];
    for (let up = parentOf.get(node.id); up && chain.length < 4; up = parentOf.get(up.id))
      chain.push(nameOf(up.callFrame));
    if (!callers.has(name)) callers.set(name, new Map());
    add(callers.get(name), chain.join(' < '), us);
  });
  const total = [...self.values()].reduce((sum, us) => sum + us, 0);
  const top = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => `${((100 * us) / total).toFixed(1)}% ${name}`);
  // Minified names: the script (chunk) says whose code it is (React, the SDK, the app).
  const appFunctions = [...self]
    .filter(([name]) => name.includes('.js:'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  return {
    functions: top(self, 25),
    scripts: top(byScript, 10),
    // Where the five costliest script functions were called from, their costliest chains.
    callers: Object.fromEntries(appFunctions.map(([name]) => [name, top(callers.get(name), 3)])),
  };
}

async function renders(page, room) {
  await page.evaluate(() => {
    window.benchRenders.commits = 0;
    window.benchRenders.bySection = {};
    window.benchRendersOn = true;
  });
  await publishAt(room, rate, rate * Math.min(seconds, 3));
  const counted = await page.evaluate(() => {
    window.benchRendersOn = false;
    return window.benchRenders;
  });
  const perCommit = (n) => +(n / Math.max(1, counted.commits)).toFixed(1);
  return {
    commits: counted.commits,
    perCommit: Object.fromEntries(
      Object.entries(counted.bySection).map(([section, { components, elements }]) => [
        section,
        { components: perCommit(components), elements: perCommit(elements) },
      ]),
    ),
  };
}

const { browser, room, stop } = await startSaleBench();
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(countRenders);
  const page = await context.newPage();
  await signIn(page);
  await openLive(page, path);
  if (process.env.TRACE_CSS) await page.addStyleTag({ content: process.env.TRACE_CSS });
  // Warm up: the window fills and the flags fire, as after a few minutes of a sale.
  await publishAt(room, 200, 1_000);
  const client = await context.newCDPSession(page);
  const loadAtStart = +loadavg()[0].toFixed(1);
  const traced = await trace(page, client, room);
  const rendered = await renders(page, room);
  const profiled = process.argv.includes('--profile') ? await profile(client, room) : undefined;
  console.info(
    JSON.stringify(
      { path, rate, seconds, loadAtStart, trace: traced, renders: rendered, profile: profiled },
      null,
      2,
    ),
  );
} finally {
  await stop();
}
