/** @jest-environment node */
// bid-messages.ts: a lot's lot.opened and lot.closed v1, accepted or refused as invalid.
import { classifyMessage } from './bid-messages';
import { validClosed, validOpened, without } from './bid-messages-fixture';

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
