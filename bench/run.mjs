// npm run bench: measurements reported in docs/benchmarks.md. Figures, never assertions:
// these machines are shared and noisy, so compare ratios measured in one run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureAgreements } from './agreements.mjs';
import { measureAuth } from './auth.mjs';
import { measureFirstLoad } from './first-load.mjs';

const results = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  firstLoad: await measureFirstLoad(),
  auth: await measureAuth(),
  agreements: await measureAgreements(),
};
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'latest.json'), JSON.stringify(results, null, 2));
console.info(JSON.stringify(results, null, 2));
