/** @jest-environment node */
import { closesForLotsLeftOpen } from './lots-left-open.ts';

const at = new Date('2026-11-26T08:00:00.000Z');
const opened = (auctionId: string, lotId: string) => ({
  type: 'lot.opened',
  v: 1,
  auctionId,
  lotId,
  openedAt: '2026-11-26T07:50:00.000Z',
  closesAt: null,
});
const closed = (auctionId: string, lotId: string) => ({
  type: 'lot.closed',
  v: 1,
  auctionId,
  lotId,
  winningBidId: null,
  closedAt: '2026-11-26T07:55:00.000Z',
});
const bid = (auctionId: string, lotId: string) => ({
  type: 'bid.placed',
  v: 1,
  bidId: '3f0c1b6e-6d1f-4f5e-9a53-2d5b8d2a9c11',
  auctionId,
  lotId,
  lotTitle: 'Untitled (red)',
  bidder: 'Paddle 101',
  amount: 320_000,
  currency: 'EUR',
  placedAt: '2026-11-26T07:51:00.000Z',
});

test.each([
  ['an empty log', [], []],
  ['a lot opened and closed', [opened('paris', 'lot-1'), closed('paris', 'lot-1')], []],
  [
    'a lot opened, bid on, never closed',
    [opened('paris', 'lot-1'), bid('paris', 'lot-1')],
    [['paris', 'lot-1']],
  ],
  [
    'the same lot id in two sales, one closed',
    [opened('paris', 'lot-1'), opened('london', 'lot-1'), closed('paris', 'lot-1')],
    [['london', 'lot-1']],
  ],
  [
    'a lot closed, then opened again (a run that numbered from 1)',
    [opened('paris', 'lot-1'), closed('paris', 'lot-1'), opened('paris', 'lot-1')],
    [['paris', 'lot-1']],
  ],
  ['a close with no opening in the log', [closed('paris', 'lot-1')], []],
  [
    'what is not a message of ours: encrypted text, unknown types, invalid openings',
    ['U2FsdGVkX1+encrypted', { type: 'lot.paused', v: 1 }, { ...opened('paris', 'lot-2'), v: 2 }],
    [],
  ],
])('%s', (_, payloads, expected) => {
  const closes = closesForLotsLeftOpen(payloads, at);
  expect(closes.map((close) => [close.auctionId, close.lotId])).toEqual(expected);
  for (const close of closes) {
    expect(close).toEqual({
      type: 'lot.closed',
      v: 1,
      auctionId: close.auctionId,
      lotId: close.lotId,
      winningBidId: null,
      closedAt: '2026-11-26T08:00:00.000Z',
    });
  }
});
