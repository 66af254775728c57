// `node relay/main.ts`: the embedded relay and, unless SIMULATOR=off, the bid simulator.
// Started by scripts/start.mjs when no PubNub keys are set; refused when APP_ENV=production.
import { randomUUID } from 'node:crypto';
import { createBidGenerator } from './bid-generator.ts';
import { embeddedKeys } from './keys.ts';
import { createRelay } from './server.ts';

if (process.env.APP_ENV === 'production') {
  console.error(
    'relay: refused: the embedded relay is development and test infrastructure (APP_ENV=production).',
  );
  process.exit(1);
}

const port = Number(process.env.RELAY_PORT || 4000);
const allowedOrigins = (process.env.RELAY_ALLOWED_ORIGINS || 'http://localhost:3000')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);

const relay = createRelay({ ...embeddedKeys, allowedOrigins });
await relay.listen(port);
console.info(`gavel: relay (PubNub protocol) on http://localhost:${port}`);

if (process.env.SIMULATOR !== 'off') {
  const ratePerSecond = Math.max(0.1, Number(process.env.SIMULATOR_RATE || 2));
  const next = createBidGenerator({ random: Math.random, uuid: randomUUID, now: () => new Date() });
  // With a cipher key the simulator publishes encrypted, as PubNub clients with that key do.
  const cipherKey = process.env.PUBNUB_CIPHER_KEY;
  const encode = cipherKey
    ? (await import('./encrypt.ts')).payloadEncrypter(cipherKey)
    : (payload: unknown) => payload;
  setInterval(() => relay.publish('bids', encode(next())), 1000 / ratePerSecond);
  console.info(
    `gavel: bid simulator publishing about ${ratePerSecond} events per second on "bids"`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void relay.close().then(() => process.exit(0)));
}
