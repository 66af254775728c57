/** @jest-environment node */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBidGenerator } from './bid-generator.ts';
import type { PlatformLot } from './lot-ingest.ts';
import { lotIdOf, sales } from './sale-catalogue.ts';
import { sessionOf } from './sale-sessions.ts';
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

  it('brings a restarted simulator back to the session and lot each sale had reached', () => {
    const { store } = storeIn();
    const watchesDone = sessionOf(sales[1]!, 1).lotCount + 1;
    store.write({ 'paris-modern-art-2026-2': 14, 'london-watches-2026': watchesDone });
    const catalogued: PlatformLot[] = [];
    const generator = createBidGenerator({
      random: () => 0.5,
      uuid: () => 'id',
      now: () => new Date(Date.UTC(2026, 2, 14)),
      firstLotNumbers: store.read(),
      onCatalogue: (lots) => catalogued.push(...lots),
    });
    generator.next();
    const firstOf = (prefix: string) => catalogued.find((lot) => lot.auctionId.startsWith(prefix))!;
    expect(firstOf('paris-')).toMatchObject({
      auctionId: 'paris-modern-art-2026-2',
      lotId: lotIdOf(14),
    });
    expect(firstOf('london-')).toMatchObject({
      auctionId: 'london-watches-2026-2',
      lotId: lotIdOf(1),
    });
    expect(firstOf('new-york-')).toMatchObject({
      auctionId: 'new-york-classic-cars-2026',
      lotId: lotIdOf(1),
    });
    // Nothing opened yet: the next run resumes at the same points.
    expect(generator.resumeLotNumbers()).toMatchObject({
      'paris-modern-art-2026-2': 14,
      'london-watches-2026-2': 1,
    });
  });
});
