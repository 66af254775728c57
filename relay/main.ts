// `node relay/main.ts`: the embedded relay and, unless SIMULATOR=off, the bid simulator, which
// also ingests each sold lot's agreement into the console (CONSOLE_URL, PLATFORM_TOKEN).
// Started by scripts/start.mjs when no PubNub keys are set; steps aside otherwise.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { serverEnv } from '../lib/env.ts';
import { createAgreementIngest } from './agreement-ingest.ts';
import { createBidGenerator } from './bid-generator.ts';
import { embeddedKeys } from './keys.ts';
import { createRelay } from './server.ts';

// The settings come from lib/env.ts, the one reader of the environment, so the relay and the
// simulator use the same defaults as the console (its port + 1000, its platform token, its URL).
const settings = serverEnv();
if (!settings.embeddedRealtime) {
  // With PubNub keys or in production the embedded relay has no place: say so and step aside.
  console.error(
    'relay: not started: the embedded relay is development and test infrastructure, used only ' +
      'without PubNub keys and never with APP_ENV=production.',
  );
  process.exit(0);
}
const env = {
  port: settings.relayPort,
  allowedOrigins: settings.relayAllowedOrigins,
  dataDir: join(settings.dataDir, 'relay'),
  simulator: settings.simulator.enabled,
  simulatorRate: Math.max(0.1, settings.simulator.ratePerSecond),
  consoleUrl: settings.consoleUrl,
  platformToken: settings.platformToken,
  cipherKey: settings.cipherKey,
};

const relay = createRelay({
  ...embeddedKeys,
  allowedOrigins: env.allowedOrigins,
  dataDir: env.dataDir,
});
await relay.listen(env.port);
console.info(`gavel: relay (PubNub protocol) on http://localhost:${env.port}`);

const ingest = env.simulator
  ? createAgreementIngest({ consoleUrl: env.consoleUrl, token: env.platformToken })
  : null;

if (ingest) {
  const next = createBidGenerator({
    random: Math.random,
    uuid: randomUUID,
    now: () => new Date(),
    onSold: (agreement) => ingest.add(agreement),
  });
  // With a cipher key the simulator publishes encrypted, as PubNub clients with that key do.
  const encode = env.cipherKey
    ? (await import('./encrypt.ts')).payloadEncrypter(env.cipherKey)
    : (payload: unknown) => payload;
  setInterval(() => relay.publish('bids', encode(next())), 1000 / env.simulatorRate);
  console.info(
    `gavel: bid simulator publishing about ${env.simulatorRate} events per second on "bids"`,
  );
  console.info(
    `gavel: bid simulator ingesting sold lots into ${env.consoleUrl}/api/platform/agreements`,
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
