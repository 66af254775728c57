import type { Flag } from '@/lib/sale-desk/flags/flag';
import type { Sale } from '@/lib/sales/lot';

/** One sale, "Cars A", with lot 7: what the flags panel and its announcement are tested on. */
export const carsA: Sale[] = [
  {
    auctionId: 'cars-a',
    saleTitle: 'Cars A',
    lots: [
      {
        auctionId: 'cars-a',
        lotId: 'mustang',
        lotNumber: 7,
        lotTitle: '1967 Ford Mustang Shelby GT500',
        currency: 'EUR',
        lowEstimate: 1,
        highEstimate: 2,
        reserve: null,
        startingBid: 1,
        scheduledCloseAt: null,
      },
    ],
  },
];

/** Flag `n` of `rule` on a lot of Cars A (lot 7 unless told), raised by Paddle 5's bid `bid-n`. */
export const flagOnCarsA = (n: number, rule: Flag['rule'] = 'jump', lotId = 'mustang'): Flag => ({
  id: `${rule}:cars-a/${lotId}:${n}`,
  rule,
  auctionId: 'cars-a',
  lotId,
  paddles: ['Paddle 5'],
  bidIds: [`bid-${n}`],
  raisedAt: '2026-11-21T10:00:00.000Z',
});
