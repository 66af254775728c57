/** @jest-environment node */
// bid-messages.ts: an unknown type ignored and counted, and anything else refused as invalid
// (a payload that is no object, nested or huge, or one type's shape under another), never thrown.
import { classifyMessage } from './bid-messages';
import { OTHER_ID, validBid, validClosed } from './bid-messages-fixture';

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
