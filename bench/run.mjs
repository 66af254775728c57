// npm run bench: measurements reported in docs/benchmarks.md. Figures, never assertions:
// these machines are shared and noisy, so compare ratios measured in one run.
// BENCH_SKIP=lighthouse,search (comma-separated names below) leaves parts out.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureBulkDecisions } from './agreements-bulk.mjs';
import { measureAgreementSearch } from './agreements-search.mjs';
import { measureAgreements } from './agreements.mjs';
import { measureAuth } from './auth.mjs';
import { measureFirstLoad } from './first-load.mjs';
import { measureLighthouse } from './lighthouse.mjs';

const parts = {
  firstLoad: measureFirstLoad,
  auth: measureAuth,
  agreements: measureAgreements,
  search: measureAgreementSearch,
  bulk: measureBulkDecisions,
  lighthouse: measureLighthouse,
};
const skipped = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));

const results = { measuredAt: new Date().toISOString(), node: process.version };
for (const [name, measure] of Object.entries(parts)) {
  if (skipped.has(name)) continue;
  console.info(`bench: ${name}…`);
  results[name] = await measure();
}
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'latest.json'), JSON.stringify(results, null, 2));
console.info(JSON.stringify(results, null, 2));
