import { expect, test } from '@playwright/test';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// Playwright runs from the repository root.
const root = process.cwd();
const staticDir = join(root, '.next', 'static');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The canary values scripts/e2e.sh builds with, plus the embedded defaults that must stay server-side. */
function secrets(): string[] {
  const canaries = readFileSync(join(root, 'e2e', 'support', 'canary-secrets.env'), 'utf8')
    .split('\n')
    .filter((line) => line.includes('=') && !line.startsWith('#'))
    .map((line) => line.slice(line.indexOf('=') + 1).trim());
  return [...canaries, 'embedded-platform-token'];
}

test('no server secret reaches the browser bundle (.next/static)', () => {
  const files = filesUnder(staticDir);
  expect(files.length).toBeGreaterThan(5);
  const values = secrets();
  expect(values.length).toBeGreaterThanOrEqual(5);
  for (const file of files) {
    const text = readFileSync(file, 'latin1');
    for (const secret of values) {
      expect({ file, leaked: text.includes(secret) }).toEqual({ file, leaked: false });
    }
  }
});
