import { defaultPubnubOrigin, parsePubnubOrigin } from './pubnub-origin';

describe('PUBNUB_ORIGIN', () => {
  it.each([
    [
      'https://ps.pndsn.com',
      false,
      { host: 'ps.pndsn.com', ssl: true, url: 'https://ps.pndsn.com' },
    ],
    ['https://ps.pndsn.com/', true, defaultPubnubOrigin],
    [
      'https://gavel.pubnubapi.com:8443',
      true,
      { host: 'gavel.pubnubapi.com:8443', ssl: true, url: 'https://gavel.pubnubapi.com:8443' },
    ],
    [
      'http://127.0.0.1:4400',
      true,
      { host: '127.0.0.1:4400', ssl: false, url: 'http://127.0.0.1:4400' },
    ],
    [
      'http://localhost:4400',
      true,
      { host: 'localhost:4400', ssl: false, url: 'http://localhost:4400' },
    ],
    [
      'http://relay.test:4400',
      false,
      { host: 'relay.test:4400', ssl: false, url: 'http://relay.test:4400' },
    ],
  ])('%s (production %s) is %j', (text, production, origin) => {
    expect(parsePubnubOrigin(text, production)).toEqual({ ok: true, origin });
  });

  it.each([
    ['ps.pndsn.com', false, 'must be an origin such as https://ps.pndsn.com'],
    ['wss://ps.pndsn.com', false, 'must start with https:// (or http:// for a local relay)'],
    ['https://ps.pndsn.com/v2', false, 'must be an origin only: no path, query or credentials'],
    ['https://ps.pndsn.com?x=1', false, 'must be an origin only: no path, query or credentials'],
    [
      'https://user:pw@ps.pndsn.com',
      false,
      'must be an origin only: no path, query or credentials',
    ],
    [
      'http://relay.test:4400',
      true,
      'must use https:// in production (http:// only on this machine)',
    ],
  ])('%s (production %s) is refused: %s', (text, production, problem) => {
    expect(parsePubnubOrigin(text, production)).toEqual({ ok: false, problem });
  });
});
