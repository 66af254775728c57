/** @jest-environment node */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lotNumberStore } from './simulator-state.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function storeIn() {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-simulator-'));
  dirs.push(dir);
  const warnings: string[] = [];
  const file = join(dir, 'relay', 'simulator.json');
  return { file, warnings, store: lotNumberStore(file, { warn: (text) => warnings.push(text) }) };
}

describe('lotNumberStore', () => {
  it('numbers from 1 in a fresh data folder, then resumes where the last run left off', () => {
    const { file, warnings, store } = storeIn();
    expect(store.read()).toEqual({});
    store.write({ 'paris-modern-art-2026': 13, 'london-watches-2026': 4 });
    expect(lotNumberStore(file).read()).toEqual({
      'paris-modern-art-2026': 13,
      'london-watches-2026': 4,
    });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      firstLotNumbers: { 'paris-modern-art-2026': 13, 'london-watches-2026': 4 },
    });
    expect(warnings).toEqual([]);
  });

  it('ignores what is not a positive integer, and a file that is not JSON (saying so)', () => {
    const { file, warnings, store } = storeIn();
    store.write({ a: 1 });
    writeFileSync(file, JSON.stringify({ firstLotNumbers: { a: 5, b: 0, c: 2.5, d: '7', e: -1 } }));
    expect(store.read()).toEqual({ a: 5 });
    writeFileSync(file, '{"firstLotNumbers": {"a": 5');
    expect(store.read()).toEqual({});
    expect(warnings).toEqual([
      expect.stringMatching(/is not readable JSON; numbering lots from 1$/),
    ]);
  });

  it('warns once when it cannot write, and the sale goes on', () => {
    const { file, warnings } = storeIn();
    writeFileSync(join(file, '..', '..', 'blocker'), '');
    const blocked = lotNumberStore(join(file, '..', '..', 'blocker', 'simulator.json'), {
      warn: (text) => warnings.push(text),
    });
    blocked.write({ a: 2 });
    blocked.write({ a: 3 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/cannot keep the lot numbering in/);
  });
});
