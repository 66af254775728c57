/** @jest-environment node */
// The connection machine's transition table through an outage: reconnecting, offline, denied.
import { nextConnection, reconnectAttempts } from './connection-state';
import {
  cursor,
  seen,
  later,
  at,
  retrying,
  betweenRetries,
  exhausted,
  browserOffline,
  denied,
  schedule,
  cancel,
  reconnect,
  watching,
  catchUp,
  type Row,
} from './testing/connection-states';

const rows: Row[] = [
  // reconnecting
  [
    'reconnecting with a timer running, lost again: nothing new, the baseline stays',
    retrying,
    { type: 'lost', lastSeen: later },
    retrying,
    [],
  ],
  [
    'reconnecting, retry due: reconnect',
    retrying,
    { type: 'retry-due' },
    betweenRetries,
    [reconnect],
  ],
  [
    'reconnecting, the retry failed: the next retry, the baseline stays',
    betweenRetries,
    { type: 'lost', lastSeen: later },
    { ...retrying, attempts: 4 },
    [schedule],
  ],
  [
    'reconnecting, the ninth retry failed: the tenth and last',
    { ...betweenRetries, attempts: reconnectAttempts - 1 },
    { type: 'lost', lastSeen: seen },
    { ...retrying, attempts: reconnectAttempts },
    [schedule],
  ],
  [
    'reconnecting, the tenth retry failed: offline, retries exhausted',
    { ...betweenRetries, attempts: reconnectAttempts },
    { type: 'lost', lastSeen: seen },
    exhausted,
    [],
  ],
  [
    'reconnecting, connected: live, retries reset, timer cancelled, catch-up from the baseline',
    retrying,
    { type: 'connected', cursor: later },
    at({ connection: 'live', cursor: later }),
    [cancel, watching, catchUp(seen)],
  ],
  [
    'reconnecting, connected without a cursor: the old cursor stays',
    betweenRetries,
    { type: 'connected', cursor: null },
    at({ connection: 'live', cursor }),
    [watching, catchUp(seen)],
  ],
  [
    'reconnecting, browser online: stays reconnecting, the retries counted afresh',
    retrying,
    { type: 'network-up' },
    { ...retrying, attempts: 0 },
    [],
  ],
  [
    'reconnecting, browser offline: offline, the timer keeps running',
    retrying,
    { type: 'network-down', lastSeen: later },
    { ...retrying, connection: 'offline', networkDown: true },
    [],
  ],
  [
    'reconnecting, denied: denied, the timer cancelled',
    retrying,
    { type: 'denied', lastSeen: later },
    { ...retrying, connection: 'denied', retryPending: false },
    [cancel],
  ],
  [
    'reconnecting, manual retry: ignored (no button)',
    retrying,
    { type: 'manual-retry' },
    retrying,
    [],
  ],

  // offline, retries exhausted
  [
    'exhausted, manual retry: reconnecting, retries reset, reconnect now',
    exhausted,
    { type: 'manual-retry' },
    { ...exhausted, connection: 'reconnecting', attempts: 0 },
    [reconnect],
  ],
  [
    'exhausted, lost again: stays offline, no retry',
    exhausted,
    { type: 'lost', lastSeen: later },
    exhausted,
    [],
  ],
  [
    'exhausted, browser online: reconnecting (the SDK reconnects by itself), a retry behind it',
    exhausted,
    { type: 'network-up' },
    { ...exhausted, connection: 'reconnecting', attempts: 1, retryPending: true },
    [schedule],
  ],
  [
    'exhausted, connected: live, retries reset, catch-up',
    exhausted,
    { type: 'connected', cursor: later },
    at({ connection: 'live', cursor: later }),
    [watching, catchUp(seen)],
  ],
  [
    'exhausted, retry due (stray): reconnect',
    exhausted,
    { type: 'retry-due' },
    exhausted,
    [reconnect],
  ],

  // offline, the browser's network gone
  [
    'browser offline, the SDK reports the subscribe lost: still offline, timer already running',
    browserOffline,
    { type: 'lost', lastSeen: later },
    browserOffline,
    [],
  ],
  [
    'browser offline, a retry fails: still offline, the next retry scheduled',
    { ...browserOffline, retryPending: false },
    { type: 'lost', lastSeen: later },
    { ...browserOffline, attempts: 3 },
    [schedule],
  ],
  [
    'browser offline, what the subscription delivers: live, the browser taken as back',
    { ...browserOffline, retryPending: false },
    { type: 'heard' },
    at({ connection: 'live', cursor }),
    [watching, catchUp(seen), { type: 'resume-presence' }],
  ],
  [
    'browser offline without a timer, lost: reconnecting, first retry',
    at({ connection: 'offline', cursor, catchUpFrom: seen }),
    { type: 'lost', lastSeen: later },
    { ...retrying, attempts: 1 },
    [schedule],
  ],
  [
    'browser offline, retry due: reconnect',
    browserOffline,
    { type: 'retry-due' },
    { ...browserOffline, retryPending: false },
    [reconnect],
  ],
  [
    'browser offline, manual retry: timer cancelled, retries reset, reconnect now',
    browserOffline,
    { type: 'manual-retry' },
    { ...browserOffline, connection: 'reconnecting', attempts: 0, retryPending: false },
    [cancel, reconnect],
  ],
  [
    'browser offline, offline again: the first baseline stays',
    browserOffline,
    { type: 'network-down', lastSeen: later },
    browserOffline,
    [],
  ],

  // denied: terminal until a manual retry
  ['denied, lost: ignored', denied, { type: 'lost', lastSeen: later }, denied, []],
  [
    'denied, browser offline: ignored',
    denied,
    { type: 'network-down', lastSeen: later },
    denied,
    [],
  ],
  ['denied, browser online: ignored', denied, { type: 'network-up' }, denied, []],
  ['denied, retry due: ignored, no reconnect', denied, { type: 'retry-due' }, denied, []],
  ['denied, denied again: unchanged', denied, { type: 'denied', lastSeen: later }, denied, []],
  [
    'denied, manual retry: reconnecting, retries reset, reconnect now',
    denied,
    { type: 'manual-retry' },
    { ...denied, connection: 'reconnecting', attempts: 0 },
    [reconnect],
  ],
  [
    'denied, connected (a fresh token got through): live, catch-up',
    denied,
    { type: 'connected', cursor: later },
    at({ connection: 'live', cursor: later }),
    [watching, catchUp(seen)],
  ],
];

describe('nextConnection', () => {
  it.each(rows)('%s', (_name, state, event, next, effects) => {
    expect(nextConnection(state, event)).toEqual({ state: next, effects });
  });
});
