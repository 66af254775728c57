/** @jest-environment node */
// env.ts: whether the console trusts a proxy's headers, and the embedded relay's port and origins,
// derived once from PORT for the server and the edge alike.
import { parseEdgeEnv, parseEnv } from './env';

describe('proxy trust', () => {
  it.each<[Record<string, string>, { trustProxy: boolean; onVercel: boolean }]>([
    [{}, { trustProxy: false, onVercel: false }],
    [{ TRUST_PROXY: '0' }, { trustProxy: false, onVercel: false }],
    [{ TRUST_PROXY: '1' }, { trustProxy: true, onVercel: false }],
    [{ VERCEL: '1' }, { trustProxy: true, onVercel: true }],
  ])('%p -> %p', (source, expected) => {
    const env = parseEnv(source);
    expect({ trustProxy: env.trustProxy, onVercel: env.onVercel }).toEqual(expected);
    expect(parseEdgeEnv(source).trustProxy).toBe(expected.trustProxy);
  });

  it('refuses a TRUST_PROXY other than 0 or 1, naming it', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be 1/);
  });
});

describe('the embedded relay settings, written once', () => {
  it('derives the relay port, its origins and the console URL from PORT', () => {
    const env = parseEnv({ PORT: '3100', RELAY_ALLOWED_ORIGINS: 'http://gavel.test:3100' });
    expect(env.relayPort).toBe(4100);
    expect(parseEdgeEnv({ PORT: '3100' }).relayPort).toBe(4100);
    expect(env.relayAllowedOrigins).toEqual([
      'http://localhost:3100',
      'http://127.0.0.1:3100',
      'http://gavel.test:3100',
    ]);
    expect(env.consoleUrl).toBe('http://localhost:3100');
    expect(env.embeddedRealtime).toBe(true);
  });

  it('has no embedded realtime with PubNub keys', () => {
    expect(parseEnv({ PUBNUB_SUBSCRIBE_KEY: 'sub-c-1' }).embeddedRealtime).toBe(false);
  });

  it('refuses RELAY_ALLOWED_ORIGINS that are not origins', () => {
    expect(() => parseEnv({ RELAY_ALLOWED_ORIGINS: 'gavel.test' })).toThrow(
      /RELAY_ALLOWED_ORIGINS must be comma-separated origins/,
    );
  });
});
