/** @jest-environment node */
import { payloadCodec } from './encrypt.ts';

const message = { type: 'lot.opened', v: 1, auctionId: 'paris', lotId: 'lot-1' };

test('reads back what it encrypted, as a PubNub client with the key publishes it', () => {
  const { encode, decode } = payloadCodec('a-cipher-key-of-ours');
  const published = encode(message);
  expect(typeof published).toBe('string');
  expect(published).not.toContain('paris');
  expect(decode(published)).toEqual(message);
});

test('gives null for what another key encrypted or what is not encrypted text', () => {
  const { decode } = payloadCodec('a-cipher-key-of-ours');
  expect(decode(payloadCodec('another-key').encode(message))).toBeNull();
  expect(decode('not base64 at all!')).toBeNull();
});

test('passes a payload that is not a string as it is', () => {
  const { decode } = payloadCodec('a-cipher-key-of-ours');
  expect(decode(message)).toBe(message);
});
