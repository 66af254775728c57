import { realtimeConfigSchema, tokenRefreshDelayMs } from './realtime-config';

describe('tokenRefreshDelayMs', () => {
  it.each([
    [3600, 2_880_000],
    [600, 480_000],
    [60, 48_000],
    [10, 30_000],
  ])('a token living %i s is refreshed after %i ms', (ttl, delay) => {
    expect(tokenRefreshDelayMs(ttl)).toBe(delay);
  });
});

describe('realtimeConfigSchema', () => {
  const embedded = {
    subscribeKey: 'embedded-sub',
    origin: 'localhost:4000',
    ssl: false,
    token: null,
    tokenTtlSeconds: null,
    cipherKey: null,
    channel: 'bids',
    staffChannel: 'staff',
  };

  it('accepts what the server sends for the embedded relay', () => {
    expect(realtimeConfigSchema.safeParse(embedded).success).toBe(true);
  });

  it.each([
    ['an empty subscribe key', { subscribeKey: '' }],
    ['a non-boolean ssl', { ssl: 'yes' }],
    ['a negative token life', { tokenTtlSeconds: -1 }],
    ['a missing channel', { channel: undefined }],
  ])('refuses %s', (_name, change) => {
    expect(realtimeConfigSchema.safeParse({ ...embedded, ...change }).success).toBe(false);
  });
});
