// Shared by bid-messages' tests: one valid message of each type, and a copy without a field.
export const BID_ID = '3f2c8a1e-7b4d-4c9a-9e2f-1a2b3c4d5e6f';
export const OTHER_ID = 'b9e7c6d5-4a3b-4f21-8e0d-c1b2a3948576';

export const validBid = () => ({
  type: 'bid.placed',
  v: 1,
  bidId: BID_ID,
  auctionId: 'auction-2026-spring',
  lotId: 'lot-42',
  lotTitle: 'Louis XV commode, ormolu mounts',
  bidder: 'Paddle 117',
  amount: 125_000,
  currency: 'EUR',
  placedAt: '2026-05-01T14:03:22.123Z',
});

export const validClosed = () => ({
  type: 'lot.closed',
  v: 1,
  auctionId: 'auction-2026-spring',
  lotId: 'lot-42',
  winningBidId: BID_ID as string | null,
  closedAt: '2026-05-01T14:05:00+02:00',
});

export const without = <T extends object>(value: T, key: keyof T) => {
  const copy = { ...value };
  delete copy[key];
  return copy;
};

export const validOpened = () => ({
  type: 'lot.opened',
  v: 1,
  auctionId: 'auction-2026-spring',
  lotId: 'lot-42',
  openedAt: '2026-05-01T14:00:00.000Z',
  closesAt: '2026-05-01T14:05:00+02:00' as string | null,
});
