import type { RealtimeConfig } from '../realtime-config';

/** For tests: the configuration of a console on its embedded relay, on the `bids` channel. */
export const testRealtimeConfig: RealtimeConfig = {
  subscribeKey: 'sub',
  origin: 'localhost:4000',
  ssl: false,
  token: null,
  tokenTtlSeconds: null,
  cipherKey: null,
  channel: 'bids',
  staffChannel: 'staff',
};
