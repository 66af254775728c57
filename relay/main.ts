// `node relay/main.ts`: the embedded relay and, unless SIMULATOR=off, the bid simulator, which
// also ingests each sold lot's agreement into the console (CONSOLE_URL, PLATFORM_TOKEN).
// Started by scripts/start.mjs when no PubNub keys are set; refused when APP_ENV=production.
import { randomUUID } from 'node:crypto';
import { createAgreementIngest } from './agreement-ingest.ts';
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

// The same defaults as lib/env.ts, so that a bare `node relay/main.ts` feeds a bare console.
const consoleUrl = process.env.CONSOLE_URL || `http://localhost:${process.env.PORT || 3000}`;
const ingest =
  process.env.SIMULATOR === 'off'
    ? null
    : createAgreementIngest({
        consoleUrl,
        token: process.env.PLATFORM_TOKEN || 'embedded-platform-token',
      });

if (ingest) {
  const ratePerSecond = Math.max(0.1, Number(process.env.SIMULATOR_RATE || 2));
  const next = createBidGenerator({
    random: Math.random,
    uuid: randomUUID,
    now: () => new Date(),
    onSold: (agreement) => ingest.add(agreement),
  });
  // With a cipher key the simulator publishes encrypted, as PubNub clients with that key do.
  const cipherKey = process.env.PUBNUB_CIPHER_KEY;
  const encode = cipherKey
    ? (await import('./encrypt.ts')).payloadEncrypter(cipherKey)
    : (payload: unknown) => payload;
  setInterval(() => relay.publish('bids', encode(next())), 1000 / ratePerSecond);
  console.info(
    `gavel: bid simulator publishing about ${ratePerSecond} events per second on "bids"`,
  );
  console.info(
    `gavel: bid simulator ingesting sold lots into ${consoleUrl}/api/platform/agreements`,
  );
}

async function shutDown() {
  // Lots sold in the last second still wait for their batch: one short attempt to hand them over.
  await Promise.race([ingest?.flush(), new Promise((resolve) => setTimeout(resolve, 2000))]);
  ingest?.stop();
  await relay.close();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutDown());
