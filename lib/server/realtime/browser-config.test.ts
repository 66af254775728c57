/**
 * @jest-environment node
 */
import { parseEnv } from '@/lib/env';
import { browserRealtimeConfig } from './browser-config';

const withKeys = { PUBNUB_SUBSCRIBE_KEY: 'sub-c-123' };

it("gives the browser PubNub's own origin over TLS by default", async () => {
  const config = await browserRealtimeConfig(parseEnv(withKeys), 'console.example', 'id');
  expect(config).toMatchObject({ subscribeKey: 'sub-c-123', origin: 'ps.pndsn.com', ssl: true });
});

it('gives the browser the origin PUBNUB_ORIGIN names, with its port and scheme', async () => {
  const env = parseEnv({ ...withKeys, PUBNUB_ORIGIN: 'http://127.0.0.1:4400' });
  const config = await browserRealtimeConfig(env, 'console.example', 'id');
  expect(config).toMatchObject({ origin: '127.0.0.1:4400', ssl: false, token: null });
});

it('gives the embedded relay on the host the browser used without keys', async () => {
  const config = await browserRealtimeConfig(parseEnv({ PORT: '3000' }), 'gavel.local', 'id');
  expect(config).toMatchObject({ origin: 'gavel.local:4000', ssl: false });
});
