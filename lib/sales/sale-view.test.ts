// sale-view.ts: a lot's label from the catalogue, and the comparisons that spare a render when
// a board row or the sale's figures have not changed.
import { lotLabelOf, sameFigures, sameRow, saleBoard } from './sale-view';
import { bidOn, lot, recordsOf, sale } from './sale-view-fixture';

describe('lotLabelOf', () => {
  it('names the sale and lot number, or nothing when not catalogued', () => {
    const sales = [sale('cars-a', [lot('cars-a', 'x', 4)])];
    expect(lotLabelOf(sales, 'cars-a', 'x')).toEqual({ saleTitle: 'cars-a', lotNumber: 4 });
    expect(lotLabelOf(sales, 'cars-b', 'x')).toEqual({
      saleTitle: undefined,
      lotNumber: undefined,
    });
  });
});

describe('lotLabelOf, asked again', () => {
  it('answers from the catalogue it is given, and a new catalogue is read anew', () => {
    const first = [sale('cars-a', [lot('cars-a', 'x', 4)])];
    expect(lotLabelOf(first, 'cars-a', 'x').lotNumber).toBe(4);
    expect(lotLabelOf(first, 'cars-a', 'y').lotNumber).toBeUndefined();
    const reloaded = [sale('cars-a', [lot('cars-a', 'x', 4), lot('cars-a', 'y', 5)])];
    expect(lotLabelOf(reloaded, 'cars-a', 'y')).toEqual({ saleTitle: 'cars-a', lotNumber: 5 });
    expect(lotLabelOf(first, 'cars-a', 'y').lotNumber).toBeUndefined();
  });

  it('keeps the first of two sales or lots with the same id, as a search from the start would', () => {
    const sales = [
      sale('cars-a', [lot('cars-a', 'x', 4), lot('cars-a', 'x', 9)]),
      { ...sale('cars-a', [lot('cars-a', 'x', 7)]), saleTitle: 'later' },
    ];
    expect(lotLabelOf(sales, 'cars-a', 'x')).toEqual({ saleTitle: 'cars-a', lotNumber: 4 });
  });
});

describe('sameRow', () => {
  const board = () =>
    saleBoard({
      sale: sale('cars-a', [lot('cars-a', 'x', 1), lot('cars-a', 'y', 2)]),
      auctionId: 'cars-a',
      records: recordsOf(bidOn('cars-a', 'x', 120_000)),
      flags: [],
    });

  it('holds for the rows of two boards built from the same figures', () => {
    const [a, b] = [board(), board()];
    expect(a[0]).not.toBe(b[0]);
    expect(a.every((row, index) => sameRow(row, b[index]!))).toBe(true);
  });

  it('fails when one figure differs', () => {
    const [row] = board();
    expect(sameRow(row!, { ...row!, bidCount: row!.bidCount + 1 })).toBe(false);
    expect(sameRow(row!, { ...row!, leader: 'Paddle 8' })).toBe(false);
    expect(sameRow(row!, { ...row!, reserve: 'met' })).toBe(false);
    expect(sameRow(row!, { ...row!, status: 'sold' })).toBe(false);
    expect(sameRow(row!, { ...row!, hammer: 120_000 })).toBe(false);
    expect(sameRow(row!, { ...row!, buyer: 'Paddle 7' })).toBe(false);
  });
});

describe('sameFigures', () => {
  const figures = (hammer: [string, number][], bidsLastMinute = 3) => ({
    openLots: 2,
    bidsLastMinute,
    soldLots: hammer.length,
    hammer: new Map(hammer),
    unpriced: new Map<string, number>(),
  });

  it('compares every figure and each currency of the hammer total', () => {
    expect(sameFigures(figures([['EUR', 100]]), figures([['EUR', 100]]))).toBe(true);
    expect(sameFigures(figures([['EUR', 100]]), figures([['EUR', 101]]))).toBe(false);
    expect(sameFigures(figures([['EUR', 100]]), figures([['USD', 100]]))).toBe(false);
    expect(sameFigures(figures([]), figures([], 4))).toBe(false);
  });
});
