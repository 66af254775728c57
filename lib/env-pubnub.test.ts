/**
 * @jest-environment node
 */
import { parseEdgeEnv, parseEnv } from './env';
import { productionEnv } from './env-fixture';

const production = {
  ...productionEnv,
  PUBNUB_PUBLISH_KEY: 'pub-c-123',
  PUBNUB_SECRET_KEY: 'sec-c-123',
};

describe('PUBNUB_ORIGIN in the configuration', () => {
  it("is PubNub's own origin by default, for the server and the Edge's CSP", () => {
    expect(parseEnv(production).pubnub?.origin).toEqual({
      host: 'ps.pndsn.com',
      ssl: true,
      url: 'https://ps.pndsn.com',
    });
    expect(parseEdgeEnv(production).pubnubOrigin?.url).toBe('https://ps.pndsn.com');
  });

  it('points the server and the Edge at another origin', () => {
    const env = { ...production, PUBNUB_ORIGIN: 'http://127.0.0.1:4400' };
    expect(parseEnv(env).pubnub?.origin).toEqual({
      host: '127.0.0.1:4400',
      ssl: false,
      url: 'http://127.0.0.1:4400',
    });
    expect(parseEdgeEnv(env).pubnubOrigin?.host).toBe('127.0.0.1:4400');
  });

  it('is refused in a sentence naming it when it is not an origin', () => {
    expect(() => parseEnv({ ...production, PUBNUB_ORIGIN: 'https://ps.pndsn.com/v2' })).toThrow(
      'Gavel cannot start: PUBNUB_ORIGIN must be an origin only: no path, query or credentials.',
    );
  });

  it('is refused over http:// in production off this machine', () => {
    expect(() => parseEnv({ ...production, PUBNUB_ORIGIN: 'http://relay.example.com' })).toThrow(
      'PUBNUB_ORIGIN must use https:// in production',
    );
  });

  it('needs PubNub keys: without them the embedded relay is used', () => {
    expect(() => parseEnv({ PUBNUB_ORIGIN: 'https://ps.pndsn.com' })).toThrow(
      'PUBNUB_ORIGIN needs PUBNUB_SUBSCRIBE_KEY',
    );
    expect(parseEdgeEnv({}).pubnubOrigin).toBeNull();
  });
});

describe('PUBNUB_TOKEN_TTL_MINUTES', () => {
  it('is 60 minutes by default, and what it says from 1 to 1440', () => {
    expect(parseEnv(production).pubnub?.tokenTtlMinutes).toBe(60);
    for (const minutes of ['1', '59', '999', '1439', '1440'])
      expect(
        parseEnv({ ...production, PUBNUB_TOKEN_TTL_MINUTES: minutes }).pubnub?.tokenTtlMinutes,
      ).toBe(Number(minutes));
  });

  it.each(['0', '1441', '2000', '1.5', '-1', 'an hour'])('refuses %s', (minutes) => {
    expect(() => parseEnv({ ...production, PUBNUB_TOKEN_TTL_MINUTES: minutes })).toThrow(
      'PUBNUB_TOKEN_TTL_MINUTES must be whole minutes from 1 to 1440',
    );
  });
});

describe('PUBNUB_SECRET_KEY', () => {
  it('needs the publish key: PubNub signs every request with both', () => {
    const { PUBNUB_PUBLISH_KEY: _left, ...withoutPublishKey } = production;
    expect(() => parseEnv(withoutPublishKey)).toThrow(
      'Gavel cannot start: PUBNUB_SECRET_KEY needs PUBNUB_PUBLISH_KEY (PubNub signs requests with both).',
    );
  });
});

describe('the relay alone (RELAY_SUBSCRIBE_KEY, RELAY_PUBLISH_KEY, RELAY_SECRET_KEY)', () => {
  const relayKeys = { RELAY_SUBSCRIBE_KEY: 'sub-r', RELAY_PUBLISH_KEY: 'pub-r' };

  it('is absent without keys, and takes its keys and secret when given', () => {
    expect(parseEnv({}).standaloneRelay).toBeNull();
    expect(parseEnv(relayKeys).standaloneRelay).toEqual({
      subscribeKey: 'sub-r',
      publishKey: 'pub-r',
      secretKey: null,
    });
    const secret = 'r'.repeat(16);
    expect(parseEnv({ ...relayKeys, RELAY_SECRET_KEY: secret }).standaloneRelay?.secretKey).toBe(
      secret,
    );
  });

  it.each([
    [{ RELAY_SUBSCRIBE_KEY: 'sub-r' }, 'RELAY_SUBSCRIBE_KEY and RELAY_PUBLISH_KEY go together'],
    [{ RELAY_PUBLISH_KEY: 'pub-r' }, 'RELAY_SUBSCRIBE_KEY and RELAY_PUBLISH_KEY go together'],
    [{ RELAY_SECRET_KEY: 'r'.repeat(16) }, 'RELAY_SECRET_KEY needs RELAY_SUBSCRIBE_KEY'],
    [{ ...relayKeys, RELAY_SECRET_KEY: 'short' }, 'RELAY_SECRET_KEY must be at least 16'],
  ])('refuses %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });
});
