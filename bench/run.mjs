// npm run bench: measurements reported in docs/benchmarks.md. Figures, never assertions:
// these machines are shared and noisy, so compare ratios measured in one run.
// BENCH_SKIP=lighthouse,search (comma-separated names below) leaves parts out;
// BENCH_SOAK_MINUTES=0 leaves out the realtime soak (10 minutes). The run writes its goals table
// into docs/benchmarks.md (bench/goals.ts) and every figure into bench/results/latest.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { measureBulkDecisions } from './agreements-bulk.mjs';
import { measureAgreementSearch } from './agreements-search.mjs';
import { measureAgreements } from './agreements.mjs';
import { measureAuth } from './auth.mjs';
import { measureFirstLoad } from './first-load.mjs';
import { goalsTable, withGoalsTable } from './goals.ts';
import { measureLighthouse } from './lighthouse.mjs';
import { measureRealtime } from './realtime.mjs';

const parts = {
  firstLoad: measureFirstLoad,
  auth: measureAuth,
  agreements: measureAgreements,
  search: measureAgreementSearch,
  bulk: measureBulkDecisions,
  realtime: measureRealtime,
  lighthouse: measureLighthouse,
};
const skipped = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));

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
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'latest.json'), JSON.stringify(results, null, 2));
const docs = join(import.meta.dirname, '..', 'docs', 'benchmarks.md');
writeFileSync(docs, withGoalsTable(readFileSync(docs, 'utf8'), goalsTable(results)));
console.info(JSON.stringify(results, null, 2));
