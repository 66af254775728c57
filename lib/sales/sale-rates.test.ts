import { createSaleRates } from './sale-rates';
import { timetokenFromMs } from '@/lib/sale-desk/timetoken';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const at = (ms: number) => timetokenFromMs(T0 + ms);

describe('createSaleRates', () => {
  it("counts each sale's bids per second over its last minute", () => {
    const rates = createSaleRates(10);
    rates.count('a', at(0));
    rates.count('a', at(10));
    rates.count('a', at(1_000));
    rates.count('b', at(1_000));
    const a = rates.snapshot().get('a')!;
    expect(a.perSecond).toHaveLength(60);
    expect(a.perSecond.slice(-2)).toEqual([2, 1]);
    expect(a.endsAt).toBe(T0 + 1_000);
    expect(rates.snapshot().get('b')!.perSecond.slice(-2)).toEqual([0, 1]);
  });

  it('drops the sale bid on longest ago past maxSales, however early it was first seen', () => {
    const rates = createSaleRates(2);
    rates.count('a', at(0));
    rates.count('b', at(1));
    rates.count('a', at(2));
    rates.count('c', at(3));
    expect([...rates.snapshot().keys()]).toEqual(['a', 'c']);
  });

  it('answers the same map while no bid came, and the same rate for a sale no bid changed', () => {
    const rates = createSaleRates(10);
    rates.count('a', at(0));
    rates.count('b', at(0));
    const first = rates.snapshot();
    expect(rates.snapshot()).toBe(first);
    rates.count('b', at(5));
    const second = rates.snapshot();
    expect(second).not.toBe(first);
    expect(second.get('a')).toBe(first.get('a'));
    expect(second.get('b')).not.toBe(first.get('b'));
    expect(second.get('b')!.perSecond.at(-1)).toBe(2);
  });

  it('forgets every sale when cleared', () => {
    const rates = createSaleRates(10);
    rates.count('a', at(0));
    rates.snapshot();
    rates.clear();
    expect(rates.snapshot().size).toBe(0);
  });
});
