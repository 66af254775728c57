import 'server-only';
// The console's own PubNub client (history reads, the recorder): PubNub at PUBNUB_ORIGIN, signed
// with the secret key when there is one, else the embedded relay on the loopback.
import PubNub from 'pubnub';
import type { ServerEnv } from '@/lib/env';
import { embeddedKeys } from '@/lib/server/realtime/embedded-keys';

export function serverPubnubClient(
  env: ServerEnv,
  options: {
    userId: string;
    requestTimeoutSeconds: number;
    keepAlive?: boolean;
    /** Only for the console's own announcements on `staff` (contract §14). */
    publishKey?: string;
  },
): PubNub {
  const common = {
    userId: options.userId,
    transactionalRequestTimeout: options.requestTimeoutSeconds,
    // Off by default: a client made for one read and destroyed leaves no socket open behind it.
    keepAlive: options.keepAlive ?? false,
    ...(options.publishKey ? { publishKey: options.publishKey } : {}),
    ...(env.cipherKey
      ? { cryptoModule: PubNub.CryptoModule.aesCbcCryptoModule({ cipherKey: env.cipherKey }) }
      : {}),
  };
  if (env.pubnub) {
    const { subscribeKey, publishKey, secretKey, origin } = env.pubnub;
    return new PubNub({
      ...common,
      subscribeKey,
      // PubNub's request signature covers the publish key: a signed read needs it too.
      ...(secretKey && publishKey
        ? { secretKey, publishKey: options.publishKey ?? publishKey }
        : {}),
      origin: origin.host,
      ssl: origin.ssl,
    });
  }
  return new PubNub({
    ...common,
    subscribeKey: embeddedKeys.subscribeKey,
    origin: `127.0.0.1:${env.relayPort}`,
    ssl: false,
  });
}
