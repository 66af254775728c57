/** @jest-environment node */
// The connection machine's transition table: connecting, live, what the subscription delivers, stop.
import { initialConnection, nextConnection, type ConnectionEvent } from './connection-state';
import {
  cursor,
  older,
  seen,
  later,
  at,
  beforeFirst,
  live,
  retrying,
  exhausted,
  denied,
  schedule,
  cancel,
  watching,
  leave,
  catchUp,
  loadEarlier,
  resumePresence,
  type Row,
} from './testing/connection-states';

const rows: Row[] = [
  // connecting: the first handshake is under way.
  [
    'connecting, connected: live at the cursor, the earlier messages asked for',
    initialConnection,
    { type: 'connected', cursor },
    at({ connection: 'live', cursor }),
    [watching, loadEarlier],
  ],
  [
    'connecting, lost: reconnecting, first retry, no baseline yet',
    initialConnection,
    { type: 'lost', lastSeen: null },
    beforeFirst({ connection: 'reconnecting', attempts: 1, retryPending: true }),
    [schedule],
  ],
  [
    'connecting, browser offline: offline, no retry of its own',
    initialConnection,
    { type: 'network-down', lastSeen: null },
    beforeFirst({ connection: 'offline', networkDown: true }),
    [],
  ],
  [
    'connecting, browser online: ignored',
    initialConnection,
    { type: 'network-up' },
    initialConnection,
    [],
  ],
  [
    'connecting, denied: denied',
    initialConnection,
    { type: 'denied', lastSeen: null },
    beforeFirst({ connection: 'denied' }),
    [],
  ],
  [
    'connecting, retry due: ignored',
    initialConnection,
    { type: 'retry-due' },
    initialConnection,
    [],
  ],
  [
    'connecting, manual retry: ignored (no button)',
    initialConnection,
    { type: 'manual-retry' },
    initialConnection,
    [],
  ],
  [
    'reconnecting before any connect, connected: the earlier messages, once',
    beforeFirst({ connection: 'reconnecting', attempts: 2, retryPending: true }),
    { type: 'connected', cursor },
    at({ connection: 'live', cursor }),
    [cancel, watching, loadEarlier],
  ],

  // live
  [
    'live, lost: reconnecting, first retry, baseline the newest message',
    live,
    { type: 'lost', lastSeen: seen },
    { ...live, connection: 'reconnecting', attempts: 1, retryPending: true, catchUpFrom: seen },
    [schedule],
  ],
  [
    'live, lost before any message: the baseline is the cursor',
    live,
    { type: 'lost', lastSeen: null },
    { ...live, connection: 'reconnecting', attempts: 1, retryPending: true, catchUpFrom: cursor },
    [schedule],
  ],
  [
    'live, lost with only messages older than the cursor: the baseline is the cursor',
    live,
    { type: 'lost', lastSeen: older },
    { ...live, connection: 'reconnecting', attempts: 1, retryPending: true, catchUpFrom: cursor },
    [schedule],
  ],
  [
    'live, browser offline: offline with a baseline, no retry',
    live,
    { type: 'network-down', lastSeen: seen },
    { ...live, connection: 'offline', catchUpFrom: seen, networkDown: true },
    [],
  ],
  ['live, browser online: ignored', live, { type: 'network-up' }, live, []],
  [
    'live, denied: denied with a baseline',
    live,
    { type: 'denied', lastSeen: seen },
    { ...live, connection: 'denied', catchUpFrom: seen },
    [],
  ],
  [
    'live, connected again without a cursor: the cursor stays',
    live,
    { type: 'connected', cursor: null },
    live,
    [watching],
  ],
  ['live, retry due: ignored', live, { type: 'retry-due' }, live, []],
  ['live, manual retry: ignored (no button)', live, { type: 'manual-retry' }, live, []],

  // heard: the subscription delivered a message or a presence event.
  ['live, heard: ignored', live, { type: 'heard' }, live, []],
  [
    'connecting, heard: ignored (the handshake reports)',
    initialConnection,
    { type: 'heard' },
    initialConnection,
    [],
  ],
  [
    'reconnecting, heard: live, the timer cancelled, the outage read from its baseline',
    retrying,
    { type: 'heard' },
    at({ connection: 'live', cursor }),
    [cancel, watching, catchUp(seen), resumePresence],
  ],
  [
    'retries exhausted, heard: live, the outage read',
    exhausted,
    { type: 'heard' },
    at({ connection: 'live', cursor }),
    [watching, catchUp(seen), resumePresence],
  ],
  [
    'reconnecting before the first connect, heard: live, the earlier messages asked for',
    beforeFirst({ connection: 'reconnecting', attempts: 1, retryPending: true }),
    { type: 'heard' },
    at({ connection: 'live' }),
    [cancel, watching, loadEarlier, resumePresence],
  ],
  ['denied, heard: ignored (a retry decides)', denied, { type: 'heard' }, denied, []],
  ['live, stop: stopped, leave', live, { type: 'stop' }, { ...live, stopped: true }, [leave]],
  [
    'reconnecting, stop: the timer cancelled, leave',
    retrying,
    { type: 'stop' },
    { ...retrying, stopped: true, retryPending: false },
    [cancel, leave],
  ],
];

describe('nextConnection', () => {
  it.each(rows)('%s', (_name, state, event, next, effects) => {
    expect(nextConnection(state, event)).toEqual({ state: next, effects });
  });

  const stopped = { ...retrying, stopped: true, retryPending: false };
  it.each<ConnectionEvent>([
    { type: 'connected', cursor: later },
    { type: 'lost', lastSeen: later },
    { type: 'network-down', lastSeen: later },
    { type: 'network-up' },
    { type: 'heard' },
    { type: 'denied', lastSeen: later },
    { type: 'retry-due' },
    { type: 'manual-retry' },
    { type: 'stop' },
  ])('stopped, $type: ignored', (event) => {
    expect(nextConnection(stopped, event)).toEqual({ state: stopped, effects: [] });
  });
});
