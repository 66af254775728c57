/** @jest-environment node */
import { sales } from './sale-catalogue.ts';
import {
  maxLotsPerSession,
  minLotsPerSession,
  nextSession,
  resumePointOf,
  sessionNamed,
  sessionOf,
} from './sale-sessions.ts';

const paris = sales[0]!;
const point = (firstLotNumbers: Record<string, number>) => {
  const { session, lotNumber } = resumePointOf(paris, firstLotNumbers);
  return [session.auctionId, lotNumber];
};

describe('sessions', () => {
  it('keep the sale’s auctionId for the first, then add -2, -3…, each title saying which it is', () => {
    expect(sales.map((sale) => sessionOf(sale, 1).auctionId)).toEqual(
      sales.map((sale) => sale.auctionId),
    );
    const second = nextSession(sessionOf(paris, 1));
    expect([second.number, second.auctionId, second.saleTitle]).toEqual([
      2,
      'paris-modern-art-2026-2',
      'Modern & Contemporary Art, Paris (session 2)',
    ]);
    expect(sessionOf(paris, 1).saleTitle).toBe('Modern & Contemporary Art, Paris (session 1)');
    expect(nextSession(second).auctionId).toBe('paris-modern-art-2026-3');
  });

  it('have 60 to 80 lots each, the same every time, not all the same length', () => {
    for (const sale of sales) {
      const counts = Array.from({ length: 300 }, (_, index) => sessionOf(sale, index + 1).lotCount);
      for (const count of counts) {
        expect(count).toBeGreaterThanOrEqual(minLotsPerSession);
        expect(count).toBeLessThanOrEqual(maxLotsPerSession);
      }
      expect(new Set(counts).size).toBeGreaterThan(10);
      expect(sessionOf(sale, 7).lotCount).toBe(sessionOf(sale, 7).lotCount);
    }
    expect([minLotsPerSession, maxLotsPerSession]).toEqual([60, 80]);
  });

  it('are found again from their auctionId, and nothing else is', () => {
    for (const sale of sales)
      for (const number of [1, 2, 3, 10, 125]) {
        const found = sessionNamed(sessionOf(sale, number).auctionId);
        expect([found?.sale, found?.number]).toEqual([sale, number]);
      }
    for (const other of [
      'paris-modern-art-2026-1',
      'paris-modern-art-2026-02',
      'paris-modern-art-2026-',
      'paris-modern-art-2026-x',
      'paris-modern-art',
      'paris-modern-art-20262',
      'rome-2026',
    ])
      expect(sessionNamed(other)).toBeNull();
    expect(sessionNamed('london-watches-2026-2', [paris])).toBeNull();
  });
});

describe('resumePointOf', () => {
  const first = sessionOf(paris, 1);

  it('starts the first session at lot 1 without an earlier run', () => {
    expect(point({})).toEqual(['paris-modern-art-2026', 1]);
    expect(point({ 'london-watches-2026-4': 9 })).toEqual(['paris-modern-art-2026', 1]);
  });

  it('resumes the session an earlier run was in, after its last lot opened', () => {
    expect(point({ 'paris-modern-art-2026': 13 })).toEqual(['paris-modern-art-2026', 13]);
    expect(point({ 'paris-modern-art-2026-3': 5 })).toEqual(['paris-modern-art-2026-3', 5]);
    expect(point({ 'paris-modern-art-2026': first.lotCount })).toEqual([
      'paris-modern-art-2026',
      first.lotCount,
    ]);
  });

  it('begins the next session once the last one opened its last lot', () => {
    expect(point({ 'paris-modern-art-2026': first.lotCount + 1 })).toEqual([
      'paris-modern-art-2026-2',
      1,
    ]);
    const third = sessionOf(paris, 3);
    expect(point({ 'paris-modern-art-2026-3': third.lotCount + 1 })).toEqual([
      'paris-modern-art-2026-4',
      1,
    ]);
  });

  it('takes an older run that numbered one endless sale as a session that is over', () => {
    expect(point({ 'paris-modern-art-2026': 412 })).toEqual(['paris-modern-art-2026-2', 1]);
  });

  it('takes the latest session named, and ignores numbers that are not lot numbers', () => {
    expect(point({ 'paris-modern-art-2026': 40, 'paris-modern-art-2026-2': 7 })).toEqual([
      'paris-modern-art-2026-2',
      7,
    ]);
    expect(point({ 'paris-modern-art-2026-2': 0, 'paris-modern-art-2026': 3 })).toEqual([
      'paris-modern-art-2026',
      3,
    ]);
    expect(point({ 'paris-modern-art-2026-2': 2.5 })).toEqual(['paris-modern-art-2026', 1]);
  });
});
