// `node relay/main.ts`: the embedded relay and, unless SIMULATOR=off, the bid simulator, which
// sends its catalogue to the console before it opens lots and ingests each sold lot's agreement
// (CONSOLE_URL, PLATFORM_TOKEN). Started by scripts/start.mjs when no PubNub keys are set; steps
// aside otherwise. `npm run relay` with RELAY_SUBSCRIBE_KEY and RELAY_PUBLISH_KEY starts it alone
// with those keys, and with RELAY_SECRET_KEY it speaks Access Manager (contract §16): the PubNub
// a console with keys and PUBNUB_ORIGIN reaches in a production rehearsal.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { serverEnv } from '../lib/env.ts';
import { createAgreementIngest } from './agreement-ingest.ts';
import { createBidGenerator } from './bid-generator.ts';
import { embeddedKeys } from '../lib/server/realtime/embedded-keys.ts';
import { createLotIngest } from './lot-ingest.ts';
import { createRelay } from './server.ts';
import { closesForLotsLeftOpen } from './lots-left-open.ts';
import { lotNumberStore } from './simulator-state.ts';

// The settings come from lib/env.ts, the one reader of the environment, so the relay and the
// simulator use the same defaults as the console (its port + 1000, its platform token, its URL).
const settings = serverEnv();
const standalone = settings.standaloneRelay;
if (settings.appEnv === 'production' || (!standalone && !settings.embeddedRealtime)) {
  // With PubNub keys or in production the embedded relay has no place: say so and step aside.
  console.error(
    'relay: not started: the embedded relay is development and test infrastructure, used only ' +
      'without PubNub keys (or alone with RELAY_SUBSCRIBE_KEY and RELAY_PUBLISH_KEY) and never ' +
      'with APP_ENV=production.',
  );
  process.exit(0);
}
const env = {
  port: settings.relayPort,
  allowedOrigins: settings.relayAllowedOrigins,
  dataDir: join(settings.dataDir, 'relay'),
  simulator: settings.simulator.enabled,
  simulatorRate: Math.max(0.1, settings.simulator.ratePerSecond),
  anomalies: settings.simulator.anomalies,
  consoleUrl: settings.consoleUrl,
  platformToken: settings.platformToken,
  cipherKey: settings.cipherKey,
};
/** How long the first lots wait for the console to take the catalogue before opening anyway. */
const catalogueWaitMs = 30_000;

const relay = createRelay({
  ...(standalone
    ? {
        subscribeKey: standalone.subscribeKey,
        publishKey: standalone.publishKey,
        ...(standalone.secretKey ? { secretKey: standalone.secretKey } : {}),
      }
    : embeddedKeys),
  allowedOrigins: env.allowedOrigins,
  dataDir: env.dataDir,
});
await relay.listen(env.port);
console.info(
  `gavel: relay (PubNub protocol) on http://localhost:${env.port}` +
    (standalone?.secretKey ? ', with Access Manager (RELAY_SECRET_KEY)' : ''),
);

/**
 * The simulator: its catalogue into the console first (lots open once it is accepted), then the
 * sale on `bids`, and each sold lot's agreement into the console. Answers its two ingests.
 */
async function startSimulator() {
  /** Said once per stretch: lots opening as planned, or opening without the console. */
  let catalogueTaken: boolean | null = null;
  const agreements = createAgreementIngest({
    consoleUrl: env.consoleUrl,
    token: env.platformToken,
  });
  const lots = createLotIngest({
    consoleUrl: env.consoleUrl,
    token: env.platformToken,
    // Lots wait for their catalogue: a short batch delay opens them sooner.
    batchDelayMs: 100,
    onDelivered: (items) => {
      // Called on a later turn, once `generator` below exists.
      generator.accept(items);
      if (catalogueTaken !== true)
        console.info('gavel: bid simulator: the console took the catalogue; lots open as planned');
      catalogueTaken = true;
    },
  });
  const numbering = lotNumberStore(join(env.dataDir, 'simulator.json'));
  const generator = createBidGenerator({
    random: Math.random,
    uuid: randomUUID,
    now: () => new Date(),
    ratePerSecond: env.simulatorRate,
    anomalies: env.anomalies,
    catalogueWaitMs,
    firstLotNumbers: numbering.read(),
    onCatalogue: (items) => items.forEach((item) => lots.add(item)),
    onUnconfirmedOpen: () => {
      if (catalogueTaken === false) return;
      catalogueTaken = false;
      console.warn(
        `gavel: bid simulator: the console has not taken the catalogue within ${catalogueWaitMs / 1000} s; ` +
          'opening lots anyway while the catalogue ingest keeps retrying',
      );
    },
    onSold: (agreement) => agreements.add(agreement),
    onAnomaly: ({ kind, auctionId, lotIds, paddles }) =>
      console.info(
        `gavel: bid simulator: anomaly ${kind}: ${paddles.join(' and ')} on ${auctionId} ${lotIds.join(', ')}`,
      ),
  });
  // With a cipher key the simulator publishes encrypted, as PubNub clients with that key do.
  const same = (payload: unknown) => payload;
  const { encode, decode } = env.cipherKey
    ? (await import('./encrypt.ts')).payloadCodec(env.cipherKey)
    : { encode: same, decode: same };
  // A run stopped mid-sale left lots open: they close unsold before this run opens the next ones
  // (any lot open on the relay's `bids`, whoever published its opening; docs/adr/0020).
  const leftOpen = closesForLotsLeftOpen(
    relay.stored('bids').map((message) => decode(message.payload)),
    new Date(),
  );
  for (const close of leftOpen) relay.publish('bids', encode(close));
  if (leftOpen.length > 0)
    console.info(
      `gavel: bid simulator: closed, unsold, the ${leftOpen.length} lots the last run left open`,
    );
  setInterval(() => {
    const events = generator.next();
    for (const event of events) relay.publish('bids', encode(event));
    if (events.some((event) => event.type === 'lot.opened'))
      numbering.write(generator.resumeLotNumbers());
  }, 1000 / env.simulatorRate);
  console.info(
    `gavel: bid simulator publishing about ${env.simulatorRate} events per second on "bids"` +
      (env.anomalies ? ', with an anomaly every 30 to 60 s (SIMULATOR_ANOMALIES=off to stop)' : ''),
  );
  console.info(
    `gavel: bid simulator sending its catalogue to ${env.consoleUrl}/api/platform/lots: lots open ` +
      `once the console takes it (or after ${catalogueWaitMs / 1000} s without it)`,
  );
  console.info(
    `gavel: bid simulator ingesting sold lots into ${env.consoleUrl}/api/platform/agreements`,
  );
  return [agreements, lots];
}

const ingests = env.simulator ? await startSimulator() : [];

async function shutDown() {
  // Lots sold or catalogued in the last second still wait for their batch: one short attempt.
  await Promise.race([
    Promise.all(ingests.map((ingest) => ingest.flush())),
    new Promise((resolve) => setTimeout(resolve, 2000)),
  ]);
  ingests.forEach((ingest) => ingest.stop());
  await relay.close();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutDown());
