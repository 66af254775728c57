// npm run bench: measurements reported in docs/benchmarks.md. Figures, never assertions:
// these machines are shared and noisy, so compare ratios measured in one run.
// BENCH_SKIP=lighthouse,search (comma-separated names below) leaves parts out;
// BENCH_SOAK_MINUTES=0 leaves out the realtime soak (10 minutes). The run writes its goals table
// into docs/benchmarks.md (bench/goals.ts) and every figure into bench/results/latest.json;
// `npm run bench -- --from-latest` writes the table again from that file, measuring nothing.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { measureBulkDecisions } from './agreements-bulk.mjs';
import { measureAgreementSearch } from './agreements-search.mjs';
import { measureAgreements } from './agreements.mjs';
import { measureAuth } from './auth.mjs';
import { measureFirstLoad } from './first-load.mjs';
import { measureFlagReview } from './flag-review.mjs';
import { goalsTable, withGoalsTable } from './goals.ts';
import { measureLighthouse } from './lighthouse.mjs';
import { measureRealtime } from './realtime.mjs';
import { measureRecord } from './record.mjs';

const parts = {
  firstLoad: measureFirstLoad,
  auth: measureAuth,
  agreements: measureAgreements,
  search: measureAgreementSearch,
  bulk: measureBulkDecisions,
  realtime: measureRealtime,
  record: measureRecord,
  flagReview: measureFlagReview,
  lighthouse: measureLighthouse,
};
const skipped = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const dir = join(import.meta.dirname, 'results');
const latest = join(dir, 'latest.json');
const docs = join(import.meta.dirname, '..', 'docs', 'benchmarks.md');

/** The goals table of `results` into docs/benchmarks.md, formatted as the repository's Prettier does. */
async function writeGoals(results) {
  const text = withGoalsTable(readFileSync(docs, 'utf8'), goalsTable(results));
  const options = (await prettier.resolveConfig(docs)) ?? {};
  writeFileSync(docs, await prettier.format(text, { ...options, filepath: docs }));
}

// `--from-latest`: the table written again from the last run's figures, measuring nothing.
if (process.argv.includes('--from-latest')) {
  await writeGoals(JSON.parse(readFileSync(latest, 'utf8')));
  process.exit(0);
}

const results = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  loadAverage: loadavg(),
  skipped: [...skipped],
};
for (const [name, measure] of Object.entries(parts)) {
  if (skipped.has(name)) continue;
  console.info(`bench: ${name}…`);
  results[name] = await measure();
}
mkdirSync(dir, { recursive: true });
writeFileSync(latest, JSON.stringify(results, null, 2));
await writeGoals(results);
console.info(JSON.stringify(results, null, 2));
