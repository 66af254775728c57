import type { Flag } from '@/lib/sale-desk/flags/flag';
import { deskFlags, type RecordedFlag } from './recorded-flag';

const engineFlag = (n: number, raisedAt: string): Flag => ({
  id: `jump:sale/lot-1:bid-${n}`,
  rule: 'jump',
  auctionId: 'sale',
  lotId: 'lot-1',
  paddles: ['P1'],
  bidIds: [`bid-${n}`],
  raisedAt,
});

const recorded = (flag: Flag): RecordedFlag => ({
  ...flag,
  lotTitle: 'Blue Nude',
  bids: [
    {
      bidId: flag.bidIds[0]!,
      bidder: 'P1',
      amount: 90_000,
      currency: 'EUR',
      placedAt: flag.raisedAt,
    },
  ],
  timetoken: '17950000000000000',
  state: 'open',
  reviews: [],
});

describe('deskFlags', () => {
  it('shows the record’s flags with their bids, lot title, state and reviews, newest first, without the timetoken', () => {
    const old = engineFlag(1, '2026-11-27T10:00:00.000Z');
    const fresh = engineFlag(3, '2026-11-27T10:02:00.000Z');
    const shown = deskFlags([recorded(old), recorded(fresh)]);
    expect(shown.map((flag) => flag.id)).toEqual([fresh.id, old.id]);
    expect(shown[1]).toMatchObject({ lotTitle: 'Blue Nude', bids: [{ amount: 90_000 }] });
    expect(shown[1]).not.toHaveProperty('timetoken');
    expect(shown[1]).toMatchObject({ state: 'open', reviews: [] });
  });

  it('orders flags raised at the same moment by id, whatever order the read gave', () => {
    const at = '2026-11-27T10:00:00.000Z';
    const a = recorded(engineFlag(1, at));
    const b = recorded(engineFlag(2, at));
    expect(deskFlags([a, b]).map((flag) => flag.id)).toEqual(
      deskFlags([b, a]).map((flag) => flag.id),
    );
  });
});
