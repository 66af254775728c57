// Benchmarks that call the server's TypeScript modules directly run them in a child Node process
// under tsx (the `@/` paths) with the `react-server` condition (so `server-only` loads), as
// `bench/agreements-export.mjs` does. `bench/run.mjs` is plain Node: it calls the exported measure
// function, which starts the child and reads back the figures the child wrote to a file (stdout
// stays free for anything the server modules print; progress goes to stderr).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const flags = ['--conditions=react-server', '--import', 'tsx'];

/** True in the child: the process was started with the flags above. */
export const inServerChild = () => process.execArgv.includes('--conditions=react-server');

/** Runs `file` as a child under tsx with `options`; resolves to the figures it wrote. */
export function runInServerChild(file, options = {}, env = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-bench-figures-'));
  const figuresFile = join(dir, 'figures.json');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...flags, file, figuresFile, JSON.stringify(options)], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', ...env },
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      try {
        if (code !== 0) throw new Error(`${file} ended with ${signal ?? `exit code ${code}`}`);
        resolve(JSON.parse(readFileSync(figuresFile, 'utf8')));
      } catch (error) {
        reject(error);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

/** In the child: measures with the options the parent passed and writes the figures back. */
export async function answerParent(measure) {
  const [figuresFile, options = '{}'] = process.argv.slice(2);
  const figures = await measure(JSON.parse(options));
  writeFileSync(figuresFile, JSON.stringify(figures));
}

/** Progress for whoever watches the run, on stderr. */
export const progress = (message) => console.error(`bench: ${message}`);
