/** @jest-environment node */
import { classifyMessage } from './bid-messages';

const BID_ID = '3f2c8a1e-7b4d-4c9a-9e2f-1a2b3c4d5e6f';
const OTHER_ID = 'b9e7c6d5-4a3b-4f21-8e0d-c1b2a3948576';

const validBid = () => ({
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

const validClosed = () => ({
  type: 'lot.closed',
  v: 1,
  auctionId: 'auction-2026-spring',
  lotId: 'lot-42',
  winningBidId: BID_ID as string | null,
  closedAt: '2026-05-01T14:05:00+02:00',
});

const without = <T extends object>(value: T, key: keyof T) => {
  const copy = { ...value };
  delete copy[key];
  return copy;
};

describe('classifyMessage: bid.placed v1', () => {
  it('accepts a valid bid and hands back its fields', () => {
    expect(classifyMessage(validBid())).toEqual({ kind: 'bid', bid: validBid() });
  });

  it.each([
    { name: 'placedAt with a positive offset', patch: { placedAt: '2026-05-01T16:03:22+02:00' } },
    { name: 'placedAt with a negative offset', patch: { placedAt: '2026-05-01T09:03:22-05:00' } },
    { name: 'placedAt without fractional seconds', patch: { placedAt: '2026-05-01T14:03:22Z' } },
    { name: 'amount 1 (the smallest)', patch: { amount: 1 } },
    { name: 'amount MAX_SAFE_INTEGER', patch: { amount: Number.MAX_SAFE_INTEGER } },
    { name: 'currency JPY', patch: { currency: 'JPY' } },
    { name: 'auctionId of exactly 100 chars', patch: { auctionId: 'a'.repeat(100) } },
    { name: 'lotId of exactly 100 chars', patch: { lotId: 'l'.repeat(100) } },
    { name: 'lotTitle of exactly 300 chars', patch: { lotTitle: 't'.repeat(300) } },
    { name: 'bidder of exactly 120 chars', patch: { bidder: 'b'.repeat(120) } },
    { name: 'an upper-case uuid', patch: { bidId: BID_ID.toUpperCase() } },
  ])('accepts a bid with $name', ({ patch }) => {
    const payload = { ...validBid(), ...patch };
    expect(classifyMessage(payload)).toEqual({ kind: 'bid', bid: payload });
  });

  it.each([
    { name: 'a right-to-left override in the paddle', patch: { bidder: 'Paddle \u202e1234' } },
    { name: 'a line break in the paddle', patch: { bidder: 'Paddle\n12' } },
    { name: 'a right-to-left override in the title', patch: { lotTitle: 'Lot \u202e21' } },
    { name: 'a C1 control in the lot id', patch: { lotId: 'lot\u009b1' } },
    { name: 'a NUL in the sale id', patch: { auctionId: 'sale\u0000' } },
  ])('refuses a bid with $name as invalid, as the API would', ({ patch }) => {
    expect(classifyMessage({ ...validBid(), ...patch })).toEqual({ kind: 'invalid' });
  });

  it('accepts a title with a tab or a line break, as the catalogue may hold them', () => {
    const payload = { ...validBid(), lotTitle: '\tRolex\nDaytona\r' };
    expect(classifyMessage(payload)).toEqual({ kind: 'bid', bid: payload });
  });

  it('accepts right-to-left text and accents in a title', () => {
    const payload = { ...validBid(), lotTitle: 'مزاد · Écrin \u200f12' };
    expect(classifyMessage(payload)).toEqual({ kind: 'bid', bid: payload });
  });

  it('drops unknown extra fields from the bid it hands back', () => {
    const result = classifyMessage({ ...validBid(), html: '<img src=x onerror=alert(1)>' });
    expect(result).toEqual({ kind: 'bid', bid: validBid() });
    expect(result.kind === 'bid' && 'html' in result.bid).toBe(false);
  });
});

describe('classifyMessage: lot.closed v1', () => {
  it('accepts a lot.closed with a winning bid id', () => {
    expect(classifyMessage(validClosed())).toEqual({ kind: 'lot-closed', closed: validClosed() });
  });

  it('accepts a lot.closed with winningBidId null (unsold lot)', () => {
    const payload = { ...validClosed(), winningBidId: null };
    expect(classifyMessage(payload)).toEqual({ kind: 'lot-closed', closed: payload });
  });

  it.each([
    { name: 'winningBidId missing', payload: without(validClosed(), 'winningBidId') },
    { name: 'winningBidId not a uuid', payload: { ...validClosed(), winningBidId: 'bid-7' } },
    { name: 'winningBidId empty', payload: { ...validClosed(), winningBidId: '' } },
    { name: 'closedAt missing', payload: without(validClosed(), 'closedAt') },
    { name: 'closedAt not a date', payload: { ...validClosed(), closedAt: 'at noon' } },
    { name: 'lotId missing', payload: without(validClosed(), 'lotId') },
    { name: 'auctionId empty', payload: { ...validClosed(), auctionId: '' } },
    { name: 'lotId of 101 chars', payload: { ...validClosed(), lotId: 'l'.repeat(101) } },
    { name: 'v 2', payload: { ...validClosed(), v: 2 } },
    { name: 'v missing', payload: without(validClosed(), 'v') },
  ])('rejects a lot.closed with $name as invalid', ({ payload }) => {
    expect(classifyMessage(payload)).toEqual({ kind: 'invalid' });
  });
});

const validOpened = () => ({
  type: 'lot.opened',
  v: 1,
  auctionId: 'auction-2026-spring',
  lotId: 'lot-42',
  openedAt: '2026-05-01T14:00:00.000Z',
  closesAt: '2026-05-01T14:05:00+02:00' as string | null,
});

describe('classifyMessage: lot.opened v1', () => {
  it('accepts a lot.opened with a scheduled close', () => {
    expect(classifyMessage(validOpened())).toEqual({ kind: 'lot-opened', opened: validOpened() });
  });

  it('accepts a lot.opened with closesAt null (no scheduled close)', () => {
    const payload = { ...validOpened(), closesAt: null };
    expect(classifyMessage(payload)).toEqual({ kind: 'lot-opened', opened: payload });
  });

  it('drops unknown extra fields from the message it hands back', () => {
    expect(classifyMessage({ ...validOpened(), lotTitle: 'Nu couché' })).toEqual({
      kind: 'lot-opened',
      opened: validOpened(),
    });
  });

  it.each([
    { name: 'closesAt missing', payload: without(validOpened(), 'closesAt') },
    { name: 'closesAt not a date', payload: { ...validOpened(), closesAt: 'in five minutes' } },
    { name: 'closesAt in epoch ms', payload: { ...validOpened(), closesAt: 1_777_644_300_000 } },
    { name: 'openedAt missing', payload: without(validOpened(), 'openedAt') },
    { name: 'openedAt null', payload: { ...validOpened(), openedAt: null } },
    { name: 'openedAt date only', payload: { ...validOpened(), openedAt: '2026-05-01' } },
    { name: 'auctionId missing', payload: without(validOpened(), 'auctionId') },
    { name: 'lotId empty', payload: { ...validOpened(), lotId: '' } },
    { name: 'lotId of 101 chars', payload: { ...validOpened(), lotId: 'l'.repeat(101) } },
    { name: 'auctionId a number', payload: { ...validOpened(), auctionId: 7 } },
    { name: 'v 2', payload: { ...validOpened(), v: 2 } },
    { name: 'v missing', payload: without(validOpened(), 'v') },
  ])('rejects a lot.opened with $name as invalid', ({ payload }) => {
    expect(classifyMessage(payload)).toEqual({ kind: 'invalid' });
  });

  it('a lot.opened shape under type lot.closed is invalid, and a lot.closed under lot.opened too', () => {
    expect(classifyMessage({ ...validOpened(), type: 'lot.closed' })).toEqual({ kind: 'invalid' });
    expect(classifyMessage({ ...validClosed(), type: 'lot.opened' })).toEqual({ kind: 'invalid' });
  });
});

describe('classifyMessage: unknown types', () => {
  it.each(['bid.retracted', 'auction.opened', 'lot.reopened', 'BID.PLACED', 'bid.placed.v2'])(
    '%s is an unknown type (ignored and counted, not invalid)',
    (type) => {
      expect(classifyMessage({ ...validBid(), type })).toEqual({ kind: 'unknown-type' });
    },
  );

  it('an unknown type needs no other field', () => {
    expect(classifyMessage({ type: 'bid.retracted' })).toEqual({ kind: 'unknown-type' });
  });
});

describe('classifyMessage: invalid bids', () => {
  it.each([
    // version
    { name: 'v 2', patch: { v: 2 } },
    { name: 'v 0', patch: { v: 0 } },
    { name: 'v "1" (string)', patch: { v: '1' } },
    // type
    { name: 'type a number', patch: { type: 1 } },
    { name: 'type null', patch: { type: null } },
    // amount
    { name: 'amount 0', patch: { amount: 0 } },
    { name: 'amount negative', patch: { amount: -500 } },
    { name: 'amount a float', patch: { amount: 12.5 } },
    { name: 'amount a string', patch: { amount: '1250' } },
    { name: 'amount NaN', patch: { amount: Number.NaN } },
    { name: 'amount Infinity', patch: { amount: Number.POSITIVE_INFINITY } },
    { name: 'amount above MAX_SAFE_INTEGER', patch: { amount: 2 ** 53 } },
    { name: 'amount null', patch: { amount: null } },
    // currency
    { name: 'currency lowercase', patch: { currency: 'eur' } },
    { name: 'currency mixed case', patch: { currency: 'Eur' } },
    { name: 'currency of 4 letters', patch: { currency: 'EURO' } },
    { name: 'currency of 2 letters', patch: { currency: 'EU' } },
    { name: 'currency with a digit', patch: { currency: 'E1R' } },
    { name: 'currency a symbol', patch: { currency: '€' } },
    // bid id
    { name: 'bidId not a uuid', patch: { bidId: 'bid-123' } },
    { name: 'bidId without hyphens', patch: { bidId: BID_ID.replaceAll('-', '') } },
    { name: 'bidId one char short', patch: { bidId: BID_ID.slice(0, -1) } },
    { name: 'bidId in braces', patch: { bidId: `{${BID_ID}}` } },
    { name: 'bidId with a non-hex char', patch: { bidId: `${BID_ID.slice(0, -1)}g` } },
    { name: 'bidId a number', patch: { bidId: 123 } },
    // date
    { name: 'placedAt not a date', patch: { placedAt: 'yesterday' } },
    { name: 'placedAt empty', patch: { placedAt: '' } },
    { name: 'placedAt date only', patch: { placedAt: '2026-05-01' } },
    { name: 'placedAt month 13', patch: { placedAt: '2026-13-01T10:00:00Z' } },
    { name: 'placedAt hour 25', patch: { placedAt: '2026-05-01T25:00:00Z' } },
    { name: 'placedAt in epoch ms', patch: { placedAt: 1_777_644_202_123 } },
    { name: 'placedAt an RFC 2822 date', patch: { placedAt: 'Fri, 01 May 2026 14:03:22 GMT' } },
    // empty strings
    { name: 'auctionId empty', patch: { auctionId: '' } },
    { name: 'lotId empty', patch: { lotId: '' } },
    { name: 'lotTitle empty', patch: { lotTitle: '' } },
    { name: 'bidder empty', patch: { bidder: '' } },
    // over the limits
    { name: 'auctionId of 101 chars', patch: { auctionId: 'a'.repeat(101) } },
    { name: 'lotId of 101 chars', patch: { lotId: 'l'.repeat(101) } },
    { name: 'lotTitle of 301 chars', patch: { lotTitle: 't'.repeat(301) } },
    { name: 'bidder of 121 chars', patch: { bidder: 'b'.repeat(121) } },
    { name: 'bidder of 1 MB', patch: { bidder: 'b'.repeat(1_000_000) } },
    { name: 'lotTitle of 1 MB', patch: { lotTitle: 't'.repeat(1_000_000) } },
    // wrong types
    { name: 'bidder an object', patch: { bidder: { name: 'Paddle 117' } } },
    { name: 'lotId a number', patch: { lotId: 42 } },
  ])('rejects a bid with $name', ({ patch }) => {
    expect(classifyMessage({ ...validBid(), ...patch })).toEqual({ kind: 'invalid' });
  });

  it.each([
    'type',
    'v',
    'bidId',
    'auctionId',
    'lotId',
    'lotTitle',
    'bidder',
    'amount',
    'currency',
    'placedAt',
  ] as const)('rejects a bid missing %s', (key) => {
    expect(classifyMessage(without(validBid(), key))).toEqual({ kind: 'invalid' });
  });
});

describe('classifyMessage: non-object and hostile payloads', () => {
  it.each([
    { name: 'a string', payload: 'bid.placed' },
    { name: 'a JSON string of a valid bid', payload: JSON.stringify(validBid()) },
    { name: 'a number', payload: 42 },
    { name: 'zero', payload: 0 },
    { name: 'a boolean', payload: true },
    { name: 'null', payload: null },
    { name: 'undefined', payload: undefined },
    { name: 'an empty array', payload: [] },
    { name: 'an array holding a valid bid', payload: [validBid()] },
    { name: 'an empty object', payload: {} },
    { name: 'a bigint', payload: 10n },
  ])('$name is invalid', ({ payload }) => {
    expect(classifyMessage(payload)).toEqual({ kind: 'invalid' });
  });

  const deeplyNested = (depth: number) => {
    let value: Record<string, unknown> = { leaf: true };
    for (let level = 0; level < depth; level += 1) value = { child: value };
    return value;
  };

  it('a 100,000-level nested object is invalid, without a stack overflow', () => {
    expect(() => classifyMessage(deeplyNested(100_000))).not.toThrow();
    expect(classifyMessage(deeplyNested(100_000))).toEqual({ kind: 'invalid' });
  });

  it('a 100,000-level nested object in a bid field makes the bid invalid', () => {
    expect(classifyMessage({ ...validBid(), bidder: deeplyNested(100_000) })).toEqual({
      kind: 'invalid',
    });
  });

  it('a valid bid carrying a 100,000-level nested extra field is accepted without that field', () => {
    const result = classifyMessage({ ...validBid(), extra: deeplyNested(100_000) });
    expect(result).toEqual({ kind: 'bid', bid: validBid() });
  });

  it('an object with 100,000 keys and no valid fields is invalid', () => {
    const huge: Record<string, number> = {};
    for (let index = 0; index < 100_000; index += 1) huge[`key${index}`] = index;
    expect(classifyMessage(huge)).toEqual({ kind: 'invalid' });
    expect(classifyMessage({ ...huge, type: 'bid.placed' })).toEqual({ kind: 'invalid' });
  });

  it('a 100,000-element array in a bid field makes the bid invalid', () => {
    expect(
      classifyMessage({ ...validBid(), amount: Array.from({ length: 100_000 }, () => 1) }),
    ).toEqual({ kind: 'invalid' });
  });

  it('a lot.closed shape under type bid.placed is invalid, and vice versa', () => {
    expect(classifyMessage({ ...validClosed(), type: 'bid.placed' })).toEqual({ kind: 'invalid' });
    expect(classifyMessage({ ...validBid(), type: 'lot.closed', winningBidId: OTHER_ID })).toEqual({
      kind: 'invalid',
    });
  });
});
