/** @jest-environment node */
import { currencyFractionDigits } from '@/lib/sale-desk/money';
import { lotIngestBodySchema } from '@/lib/server/sales/lot-input';
import { catalogueLot, exampleAt, lotIdOf, sales } from './sale-catalogue.ts';
import { titleOf } from './sale-pieces.ts';
import { seededRandom } from './sale-seed.ts';
import { maxLotsPerSession, sessionOf } from './sale-sessions.ts';

const closesAt = Date.UTC(2026, 2, 14, 18, 0, 0);
const lotsOf = (session: ReturnType<typeof sessionOf>, count = session.lotCount, seed = 1) => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) =>
    catalogueLot(session, index + 1, closesAt, random),
  );
};

describe.each(sales.map((sale) => [sale.auctionId, sale] as const))('the sale %s', (_, sale) => {
  it('offers more distinct examples than a session has lots', () => {
    const titles = sale.pieces.flatMap((piece) =>
      piece.variants.map((variant) => titleOf(piece, variant)),
    );
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.length).toBeGreaterThanOrEqual(maxLotsPerSession + 20);
    expect(sale.pieces.length).toBeGreaterThanOrEqual(20);
  });

  it('never repeats a title within a session of up to 80 lots, in any session', () => {
    for (let number = 1; number <= 30; number += 1) {
      const session = sessionOf(sale, number);
      const titles = Array.from(
        { length: maxLotsPerSession },
        (_, index) => exampleAt(session, index + 1).title,
      );
      expect(new Set(titles).size).toBe(maxLotsPerSession);
    }
  });

  it('gives a lot the same title whenever it is catalogued, and each session its own order', () => {
    const session = sessionOf(sale, 2);
    const titles = lotsOf(session, 80, 1).map((lot) => lot.lotTitle);
    expect(lotsOf(session, 80, 99).map((lot) => lot.lotTitle)).toEqual(titles);
    expect(lotsOf(sessionOf(sale, 3), 80).map((lot) => lot.lotTitle)).not.toEqual(titles);
  });

  it('catalogues valid lots of the session, with estimates of the lot’s piece', () => {
    const session = sessionOf(sale, 4);
    const lots = lotsOf(session);
    expect(lotIngestBodySchema.safeParse({ items: lots }).error).toBeUndefined();
    lots.forEach((lot, index) => {
      expect(lot).toMatchObject({
        auctionId: session.auctionId,
        saleTitle: session.saleTitle,
        lotId: lotIdOf(index + 1),
        lotNumber: index + 1,
        currency: sale.currency,
      });
      const { piece, title } = exampleAt(session, index + 1);
      expect(lot.lotTitle).toBe(title);
      // The estimate is the piece's, now and then 20 % lower or 25 % higher, rounded down.
      const scale = 10 ** currencyFractionDigits(lot.currency);
      expect(lot.lowEstimate).toBeGreaterThanOrEqual(piece.low * scale * 0.8 * 0.9);
      expect(lot.lowEstimate).toBeLessThanOrEqual(piece.low * scale * 1.25);
      expect(lot.highEstimate).toBeGreaterThanOrEqual(piece.high * scale * 0.8 * 0.9);
      expect(lot.highEstimate).toBeLessThanOrEqual(piece.high * scale * 1.25);
    });
  });

  it('tells examples apart by a number past its examples, rather than repeat a title', () => {
    const session = sessionOf(sale, 1);
    const titles = Array.from({ length: 250 }, (_, index) => exampleAt(session, index + 1).title);
    expect(new Set(titles).size).toBe(250);
  });
});

it('offers some of the same titles in both car sales', () => {
  const titlesOf = (auctionId: string) => {
    const sale = sales.find((candidate) => candidate.auctionId === auctionId)!;
    return sale.pieces.flatMap((piece) => piece.variants.map((variant) => titleOf(piece, variant)));
  };
  const monaco = new Set(titlesOf('monaco-classic-cars-2026'));
  const shared = titlesOf('new-york-classic-cars-2026').filter((title) => monaco.has(title));
  expect(shared).toContain('1967 Ford Mustang Shelby GT500');
  expect(shared.length).toBeGreaterThanOrEqual(10);
});
