import { lotHref, saleHref } from './sale-labels';

describe('sale desk addresses', () => {
  it('put the sale and lot in the query, encoded whatever their text', () => {
    expect(saleHref('cars-a')).toBe('/dash?sale=cars-a');
    expect(lotHref('cars & bikes', 'lot/1?x')).toBe(
      '/dash?sale=cars%20%26%20bikes&lot=lot%2F1%3Fx',
    );
    const url = new URL(lotHref('cars & bikes', 'lot/1?x'), 'http://localhost');
    expect(url.searchParams.get('sale')).toBe('cars & bikes');
    expect(url.searchParams.get('lot')).toBe('lot/1?x');
  });
});
