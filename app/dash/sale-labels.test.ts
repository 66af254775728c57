import type { LotPhase } from '@/lib/sales/sale-view';
import { lotHref, phaseAt, saleHref } from './sale-labels';

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

describe('phaseAt', () => {
  const now = Date.parse('2026-11-21T10:00:00.000Z');
  const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();

  it.each<[string, LotPhase, string | null, boolean, LotPhase]>([
    ['open, whatever its close', 'open', at(-60_000), true, 'open'],
    ['closed, whatever its close', 'closed', at(60_000), false, 'closed'],
    ['to come, no close known', 'upcoming', null, true, 'upcoming'],
    ['to come, close ahead, skipped', 'upcoming', at(1), true, 'upcoming'],
    ['to come, close now, skipped', 'upcoming', at(0), true, 'closed'],
    ['to come, close passed, skipped', 'upcoming', at(-60_000), true, 'closed'],
    ['to come, close passed, its sale late', 'upcoming', at(-60_000), false, 'upcoming'],
  ])('%s', (_, phase, closesAt, closedWhenDue, expected) => {
    expect(phaseAt({ phase, closesAt, closedWhenDue }, now)).toBe(expected);
  });
});
