import type { RecordedFlag } from '@/lib/sales/recorded-flag';
import { flagRaised, flagReviewed, parseStaffNews } from './staff-news';

const flag: RecordedFlag = {
  id: 'self-raise:sale/lot-1:bid-9',
  rule: 'self-raise',
  auctionId: 'sale',
  lotId: 'lot-1',
  lotTitle: 'Blue Nude',
  paddles: ['P-7'],
  bidIds: ['bid-8', 'bid-9'],
  bids: [],
  raisedAt: '2026-11-28T10:00:00.000Z',
  timetoken: '17950000000000000',
  state: 'escalated',
  reviews: [
    {
      outcome: 'escalated',
      note: 'Same paddle',
      loginId: 'flo',
      displayName: 'Flo',
      reviewedAt: '2026-11-28T10:01:00.000Z',
    },
  ],
};

describe('parseStaffNews', () => {
  it('reads back what the server publishes', () => {
    expect(parseStaffNews(flagRaised(flag))).toEqual({ type: 'flag.raised', flag });
    expect(parseStaffNews(flagReviewed(flag))).toEqual({ type: 'flag.reviewed', flag });
  });

  it.each([
    ['an unknown type', { type: 'flag.deleted', flag }],
    ['no flag', { type: 'flag.raised' }],
    ['an unknown state', { type: 'flag.reviewed', flag: { ...flag, state: 'ignored' } }],
    ['a review without a note', { type: 'flag.reviewed', flag: { ...flag, reviews: [{}] } }],
    ['a bid message', { type: 'bid.placed', v: 1 }],
    ['not an object', 'flag.raised'],
    ['null', null],
  ])('ignores %s', (_name, payload) => {
    expect(parseStaffNews(payload)).toBeNull();
  });
});
