/** @jest-environment node */
// bid-messages.ts: a bid.placed v1 accepted with its fields, or refused as invalid for any field
// out of its bounds.
import { classifyMessage } from './bid-messages';
import { BID_ID, validBid, without } from './bid-messages-fixture';

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
