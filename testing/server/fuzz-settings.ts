// How many cases the property tests (`*.property.test.ts`) run, and from which seed, so that a
// failure found by a random run can be replayed exactly: FUZZ_RUNS (default 200 per property, the
// normal test run; `npm run fuzz` sets thousands) and FUZZ_SEED (default a fresh random seed).
import type { Parameters } from 'fast-check';

const defaultRuns = 200;

function readRuns(): number {
  const text = process.env.FUZZ_RUNS?.trim();
  if (!text) return defaultRuns;
  const runs = Number(text);
  if (!Number.isSafeInteger(runs) || runs < 1) {
    throw new Error(`FUZZ_RUNS must be a positive integer (got "${text}").`);
  }
  return runs;
}

function readSeed(): number {
  const text = process.env.FUZZ_SEED?.trim();
  // fast-check takes any 32-bit integer as a seed.
  if (!text) return Math.floor(Math.random() * 2 ** 31);
  const seed = Number(text);
  if (!Number.isSafeInteger(seed)) {
    throw new Error(`FUZZ_SEED must be an integer (got "${text}").`);
  }
  return seed | 0;
}

export interface FuzzSettings {
  /** Cases per property at full share. */
  runs: number;
  /** The seed every property of the file starts from. */
  seed: number;
  /** `fc.assert` parameters; `share` scales the runs, for the properties that are slow per case. */
  parameters(share?: number): Parameters<unknown>;
  /** A Jest timeout for one property whose cases take about `msPerCase` each. */
  timeoutMs(msPerCase: number, share?: number): number;
}

/**
 * The settings of one test file, printed once (the seed is the one thing a failure report needs
 * besides the file to be replayed: `FUZZ_SEED=<seed> FUZZ_RUNS=<runs>`).
 */
export function fuzzSettings(file: string): FuzzSettings {
  const runs = readRuns();
  const seed = readSeed();
  const share = (part: number) => Math.max(1, Math.round(runs * part));
  console.info(`${file}: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} (set both to replay a failure)`);
  return {
    runs,
    seed,
    parameters: (part = 1) => ({ numRuns: share(part), seed }),
    // Shrinking a failure replays up to a few hundred more cases, and a busy 2-core machine runs
    // several times slower than an idle one: room for both, since the limit is only for a hang.
    timeoutMs: (msPerCase, part = 1) => 60_000 + (share(part) + 500) * msPerCase * 4,
  };
}
