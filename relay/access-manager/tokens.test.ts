/** @jest-environment node */
import fc from 'fast-check';
import PubNub from 'pubnub';
import { readGrant } from './grant.ts';
import { mintToken, permissionBits, readToken, tokenAllows, type TokenContent } from './tokens.ts';

const secretKey = 'sec-c-relay';
const now = 1_800_000_000;

const sdk = new PubNub({ subscribeKey: 'sub-c', userId: 'reader' });

function content(overrides: Partial<TokenContent> = {}): TokenContent {
  return {
    v: 2,
    t: now,
    ttl: 60,
    res: { chan: { bids: 1, 'bids-pnpres': 1 }, grp: {}, uuid: {} },
    pat: { chan: {}, grp: {}, uuid: {} },
    meta: {},
    uuid: 'client-x',
    ...overrides,
  };
}

describe('a token the relay mints', () => {
  it("is read back by the SDK's parseToken, with its grants, ttl and uuid", () => {
    const parsed = sdk.parseToken(mintToken(content({ meta: { who: 'console' } }), secretKey));
    expect(parsed).toMatchObject({
      version: 2,
      timestamp: now,
      ttl: 60,
      authorized_uuid: 'client-x',
      meta: { who: 'console' },
      resources: {
        channels: { bids: { read: true, write: false }, 'bids-pnpres': { read: true } },
      },
    });
  });

  it('is read by the SDK whatever it grants (property)', () => {
    const grants = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 40 }),
      fc.integer({ min: 0, max: 255 }),
      { maxKeys: 4 },
    );
    fc.assert(
      fc.property(grants, grants, fc.integer({ min: 1, max: 43_200 }), (chan, pat, ttl) => {
        const token = mintToken(
          content({ ttl, res: { chan, grp: {}, uuid: {} }, pat: { chan: pat, grp: {}, uuid: {} } }),
          secretKey,
        );
        const parsed = sdk.parseToken(token)!;
        expect(parsed.ttl).toBe(ttl);
        for (const [name, bits] of Object.entries(chan))
          expect(parsed.resources!.channels![name]!.read).toBe((bits & 1) === 1);
        expect(readToken(token, secretKey)).not.toBeNull();
      }),
    );
  });

  it('is refused when altered, or checked with another secret', () => {
    const token = mintToken(content(), secretKey);
    expect(readToken(token, secretKey)).not.toBeNull();
    expect(readToken(token, 'another secret')).toBeNull();
    const forged = mintToken(content({ uuid: 'someone-else' }), 'guessed secret');
    expect(readToken(forged, secretKey)).toBeNull();
    for (const at of [5, 20, token.length - 3]) {
      const flipped = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
      expect(readToken(flipped, secretKey)).toBeNull();
    }
    expect(readToken('not a token!', secretKey)).toBeNull();
    expect(readToken('', secretKey)).toBeNull();
  });
});

describe('what a token allows', () => {
  const token = content();
  const read = (channel: string, uuid: string | null, at = now) =>
    tokenAllows(token, { channel, permission: 'read', uuid }, at);

  it('reads the channel it names, for its uuid, until it expires', () => {
    expect(read('bids', 'client-x')).toBe(true);
    expect(read('bids', 'client-x', now + 60 * 60 - 1)).toBe(true);
    expect(read('bids', 'client-x', now + 60 * 60)).toBe(false);
  });

  it('reads no other channel, and nothing for another uuid', () => {
    expect(read('staff', 'client-x')).toBe(false);
    expect(read('bids', 'client-y')).toBe(false);
    expect(read('bids', null)).toBe(false);
  });

  it('gives only the permissions its bits hold', () => {
    expect(
      tokenAllows(token, { channel: 'bids', permission: 'write', uuid: 'client-x' }, now),
    ).toBe(false);
  });

  it('matches a pattern against the whole channel name', () => {
    const patterned = content({
      pat: { chan: { 'sale-.*': permissionBits.read }, grp: {}, uuid: {} },
    });
    const allows = (channel: string) =>
      tokenAllows(patterned, { channel, permission: 'read', uuid: 'client-x' }, now);
    expect(allows('sale-12')).toBe(true);
    expect(allows('presale-12')).toBe(false);
  });
});

describe('a grant request', () => {
  it('reads the body the SDK sends into the token it asks for', () => {
    const body = JSON.stringify({
      ttl: 15,
      permissions: {
        resources: { channels: { bids: 1 }, groups: {}, uuids: {}, users: {}, spaces: {} },
        patterns: { channels: {}, groups: {}, uuids: {}, users: {}, spaces: {} },
        meta: {},
        uuid: 'client-x',
      },
    });
    expect(readGrant(body, now)).toEqual({
      ok: true,
      content: content({ ttl: 15, res: { chan: { bids: 1 }, grp: {}, uuid: {} } }),
    });
  });

  it.each([
    ['no JSON', 'nope', 'Invalid JSON'],
    ['no permissions', '{"ttl":5}', 'Missing permissions'],
    ['a ttl of 0', '{"ttl":0,"permissions":{"resources":{"channels":{"a":1}}}}', 'Invalid ttl'],
    [
      'a ttl of 31 days',
      '{"ttl":44640,"permissions":{"resources":{"channels":{"a":1}}}}',
      'Invalid ttl',
    ],
    ['nothing granted', '{"ttl":5,"permissions":{"resources":{},"patterns":{}}}', 'Missing either'],
    [
      'bits out of range',
      '{"ttl":5,"permissions":{"resources":{"channels":{"a":256}}}}',
      'Invalid permissions',
    ],
    [
      'a meta object',
      '{"ttl":5,"permissions":{"resources":{"channels":{"a":1}},"meta":{"x":{}}}}',
      'Invalid meta',
    ],
  ])('refuses %s', (_, body, message) => {
    const reading = readGrant(body, now);
    expect(reading.ok).toBe(false);
    expect(reading.ok ? '' : reading.message).toContain(message);
  });
});
