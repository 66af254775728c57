// Agreements with 10,000 rows in PGlite: ingest per batch, list pages (first, deep, searched),
// one agreement, decisions, and the first page under autocannon, against a production build in a
// temporary DATA_DIR with the simulator off. `node bench/agreements.mjs` runs only this part.
import autocannon from 'autocannon';
import { pathToFileURL } from 'node:url';
import { percentile, startConsole } from './console-server.mjs';

const port = 3330;
const baseUrl = `http://localhost:${port}`;
const platformToken = 'bench-platform-token-0123456789';
const rareWord = 'Fabergé';
/** A search for a few rows, for none (every pending row read) and for a third of them. */
const searches = { few: rareWord, none: 'no-such-lot', many: 'Paddle' };
const lotNames = ['Patek Philippe ref. 2499', 'Omega Speedmaster', 'Jaguar E-Type', 'Nu couché'];
const buyerKinds = ['Paddle', 'Online', 'Phone'];

const oneDecimal = (ms) => +ms.toFixed(1);

function summary(timings) {
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    medianMs: oneDecimal(percentile(sorted, 50)),
    p99Ms: oneDecimal(percentile(sorted, 99)),
  };
}

/** One request, its body read; throws unless it answered 2xx. */
async function timedJson(path, init) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, init);
  const body = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

/** One in 2,000 lot titles carries the rare word, so a search for it matches 5 rows. */
function platformItem(index) {
  const name = index % 2000 === 7 ? `${rareWord} egg` : lotNames[index % lotNames.length];
  return {
    platformId: `bench-${index}`,
    auctionId: `bench-auction-${Math.floor(index / 250)}`,
    lotId: `lot-${String(index).padStart(5, '0')}`,
    lotTitle: `${name} no. ${index}`,
    buyer: `${buyerKinds[index % buyerKinds.length]} ${index % 997}`,
    amount: 10_000 + ((index * 7919) % 5_000_000),
    currency: 'EUR',
    closedAt: new Date(Date.UTC(2026, 10, 1) + index * 60_000).toISOString(),
  };
}

async function ingest(total, batchSize) {
  const timings = [];
  for (let start = 0; start < total; start += batchSize) {
    const items = Array.from({ length: batchSize }, (_, offset) => platformItem(start + offset));
    const { ms, body } = await timedJson('/api/platform/agreements', {
      method: 'POST',
      headers: { authorization: `Bearer ${platformToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items }),
    });
    if (body.created !== batchSize) throw new Error(`a batch created ${body.created} agreements`);
    timings.push(ms);
  }
  return timings;
}

async function signIn() {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: 'demo', password: 'demo-password' }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

function listPath({ cursor, q, limit = 25 } = {}) {
  const params = new URLSearchParams({ status: 'pending', limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  if (q) params.set('q', q);
  return `/api/agreements?${params}`;
}

/** `rounds` sequential requests: their median and p99, and the last answer's body. */
async function repeat(rounds, request) {
  const timings = [];
  let body;
  for (let i = 0; i < rounds; i += 1) {
    const answer = await request(i);
    timings.push(answer.ms);
    body = answer.body;
  }
  return { figures: summary(timings), body };
}

/** Follows the cursors from the first page to the last, timing each page. */
async function walk(get) {
  const pages = [];
  let cursor;
  do {
    const { ms, body } = await get(listPath({ cursor }));
    pages.push({ cursor, ms, items: body.items });
    cursor = body.nextCursor;
  } while (cursor);
  return pages;
}

function loadFirstPage(cookie, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `${baseUrl}${listPath()}`, connections: 10, duration: seconds, headers: { cookie } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export async function measureAgreements({
  total = 10_000,
  decisions = 500,
  loadSeconds = 10,
} = {}) {
  const server = await startConsole({
    port,
    env: {
      DATABASE_URL: '',
      SESSION_SECRET: 'b'.repeat(48),
      PLATFORM_TOKEN: platformToken,
      DEMO_PASSWORD: 'demo-password',
      SIMULATOR: 'off',
    },
  });
  try {
    const ingestTimings = await ingest(total, 100);
    const cookie = await signIn();
    const get = (path) => timedJson(path, { headers: { cookie } });
    const page = (cursor) => () => get(listPath({ cursor }));
    const search = async (q) => {
      const { figures, body } = await repeat(50, () => get(listPath({ q })));
      return { q, matches: body.items.length, ...figures };
    };

    await repeat(20, page());
    await repeat(5, () => get(listPath({ q: searches.none })));
    const pages = await walk(get);
    const rows = pages.flatMap(({ items }) => items);
    const middle = Math.floor(pages.length / 2);
    const detailPath = `/api/agreements/${rows[rows.length >> 1].id}`;
    await repeat(5, () => get(detailPath));

    const list = {
      rows: rows.length,
      ingestBatch: {
        batchSize: 100,
        totalSeconds: oneDecimal(ingestTimings.reduce((sum, ms) => sum + ms, 0) / 1000),
        ...summary(ingestTimings),
      },
      walk: { pageSize: 25, pages: pages.length, ...summary(pages.map(({ ms }) => ms)) },
      firstPage: (await repeat(200, page())).figures,
      middlePage: { page: middle + 1, ...(await repeat(100, page(pages[middle].cursor))).figures },
      lastPage: { page: pages.length, ...(await repeat(100, page(pages.at(-1).cursor))).figures },
      searchFew: await search(searches.few),
      searchNone: await search(searches.none),
      searchMany: await search(searches.many),
      detail: (await repeat(200, () => get(detailPath))).figures,
    };

    // Rows spread over the whole list: the first ten warm the route up, the rest are measured.
    const step = Math.floor(rows.length / (decisions + 10));
    const spread = rows.filter((_, index) => index % step === 0).slice(0, decisions + 10);
    const decide = (row, index) =>
      timedJson(`/api/agreements/${row.id}/decision`, {
        method: 'POST',
        headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify(
          index % 2 === 0
            ? { decision: 'approve', version: row.version }
            : { decision: 'reject', reason: 'Bench: the buyer withdrew', version: row.version },
        ),
      });
    await repeat(10, (index) => decide(spread[index], index));
    const decided = spread.slice(10);
    const decision = (await repeat(decided.length, (index) => decide(decided[index], index)))
      .figures;

    const afterDecisions = {
      firstPage: (await repeat(200, page())).figures,
      middlePage: (await repeat(100, page(pages[middle].cursor))).figures,
      searchNone: await search(searches.none),
    };
    const load = await loadFirstPage(cookie, loadSeconds);
    return {
      ...list,
      decision: { approvals: Math.ceil(decided.length / 2), ...decision },
      afterDecisions,
      firstPageUnderLoad: {
        connections: 10,
        seconds: loadSeconds,
        requestsPerSecond: Math.round(load.requests.average),
        p50Ms: load.latency.p50,
        p99Ms: load.latency.p99,
        non2xx: load.non2xx,
        errors: load.errors,
      },
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.info(JSON.stringify(await measureAgreements(), null, 2));
}
