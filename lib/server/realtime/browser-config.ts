import 'server-only';
import PubNub from 'pubnub';
import type { ServerEnv } from '@/lib/env';
import { bidsChannel, staffChannel, type RealtimeConfig } from '@/lib/realtime/realtime-config';
import { embeddedKeys } from '@/lib/server/realtime/embedded-keys';

/**
 * A token that lets its holder read `bids` (and its presence) and `staff`, and nothing else: only as the given
 * client id when there is one (the console always gives its own).
 */
async function grantReadToken(
  ttlMinutes: number,
  keys: {
    subscribeKey: string;
    publishKey: string;
    secretKey: string;
    origin: string;
    ssl: boolean;
  },
  clientId: string | null,
) {
  const server = new PubNub({ ...keys, userId: 'gavel-console-server' });
  return server.grantToken({
    ttl: ttlMinutes,
    ...(clientId === null ? {} : { authorized_uuid: clientId }),
    resources: {
      channels: {
        [bidsChannel]: { read: true },
        [`${bidsChannel}-pnpres`]: { read: true },
        // The console's news (contract §14): read only, as `bids`.
        [staffChannel]: { read: true },
      },
    },
  });
}

/**
 * The browser's realtime settings: PubNub with its keys (and a read token when a secret key is
 * set), or else the embedded relay on the host the browser used, at RELAY_PORT.
 */
export async function browserRealtimeConfig(
  env: ServerEnv,
  hostname: string,
  clientId: string | null,
): Promise<RealtimeConfig> {
  if (env.pubnub) {
    const { subscribeKey, publishKey, secretKey, origin, tokenTtlMinutes } = env.pubnub;
    return {
      subscribeKey,
      origin: origin.host,
      ssl: origin.ssl,
      // lib/env.ts asks for the publish key with the secret key: PubNub signs with both.
      token:
        secretKey && publishKey
          ? await grantReadToken(
              tokenTtlMinutes,
              { subscribeKey, publishKey, secretKey, origin: origin.host, ssl: origin.ssl },
              clientId,
            )
          : null,
      tokenTtlSeconds: secretKey ? tokenTtlMinutes * 60 : null,
      cipherKey: env.cipherKey,
      channel: bidsChannel,
      staffChannel,
    };
  }
  return {
    subscribeKey: embeddedKeys.subscribeKey,
    origin: `${hostname}:${env.relayPort}`,
    ssl: false,
    token: null,
    tokenTtlSeconds: null,
    cipherKey: env.cipherKey,
    channel: bidsChannel,
    staffChannel,
  };
}
