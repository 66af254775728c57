/** @jest-environment node */
import {
  initialConnection,
  nextConnection,
  reconnectAttempts,
  type ConnectionEffect,
  type ConnectionEvent,
  type ConnectionMachine,
} from './connection-state';

/** 17-digit timetokens: a subscription cursor, then messages seen before and after it. */
const cursor = '17952888000000000';
const older = '17952887000000000';
const seen = '17952888500000000';
const later = '17952889000000000';

/** A state after the first connect (the earlier messages asked for). */
const at = (state: Partial<ConnectionMachine>): ConnectionMachine => ({
  ...initialConnection,
  earlierLoaded: true,
  ...state,
});
/** A state before any connect succeeded. */
const beforeFirst = (state: Partial<ConnectionMachine>): ConnectionMachine => ({
  ...initialConnection,
  ...state,
});

const live = at({ connection: 'live', cursor });
/** Three automatic retries in, the fourth timer running, the outage's baseline known. */
const retrying = at({
  connection: 'reconnecting',
  cursor,
  attempts: 3,
  retryPending: true,
  catchUpFrom: seen,
});
/** Between two retries: the timer fired, its reconnect failed, the failure not yet reported. */
const betweenRetries = { ...retrying, retryPending: false };
/** The automatic retries gave up. */
const exhausted = at({
  connection: 'offline',
  cursor,
  attempts: reconnectAttempts,
  catchUpFrom: seen,
});
/** The browser went offline while a retry timer ran. */
const browserOffline = at({
  connection: 'offline',
  cursor,
  attempts: 2,
  retryPending: true,
  catchUpFrom: seen,
  networkDown: true,
});
const denied = at({ connection: 'denied', cursor, attempts: 2, catchUpFrom: seen });

const schedule: ConnectionEffect = { type: 'schedule-retry', inMs: 3000 };
const cancel: ConnectionEffect = { type: 'cancel-retry' };
const reconnect: ConnectionEffect = { type: 'reconnect' };
const watching: ConnectionEffect = { type: 'refresh-watching' };
const leave: ConnectionEffect = { type: 'leave' };
const catchUp = (from: string): ConnectionEffect => ({ type: 'catch-up', from });
const loadEarlier: ConnectionEffect = { type: 'load-earlier' };
const resumePresence: ConnectionEffect = { type: 'resume-presence' };

type Row = [
  name: string,
  state: ConnectionMachine,
  event: ConnectionEvent,
  next: ConnectionMachine,
  effects: ConnectionEffect[],
];

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

  // stop
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

/** Runs events in order; answers the chip after each and every effect. */
function run(events: ConnectionEvent[], from = initialConnection) {
  let state = from;
  const chips: string[] = [];
  const effects: ConnectionEffect[] = [];
  for (const event of events) {
    const step = nextConnection(state, event);
    state = step.state;
    chips.push(state.connection);
    effects.push(...step.effects);
  }
  return { state, chips, effects };
}

describe('sequences the SDK produces', () => {
  const failedRetry: ConnectionEvent[] = [{ type: 'retry-due' }, { type: 'lost', lastSeen: seen }];

  it('retries ten times, 3 s apart, then shows offline and waits for the Reconnect button', () => {
    const outage = run([
      { type: 'connected', cursor },
      { type: 'lost', lastSeen: seen },
      ...Array.from({ length: reconnectAttempts }, () => failedRetry).flat(),
    ]);
    expect(outage.effects.filter((effect) => effect.type === 'reconnect')).toHaveLength(10);
    expect(outage.effects.filter((effect) => effect.type === 'schedule-retry')).toEqual(
      Array.from({ length: reconnectAttempts }, () => schedule),
    );
    expect(outage.chips.at(-2)).toBe('reconnecting');
    expect(outage.state).toEqual(exhausted);

    const manual = run([{ type: 'manual-retry' }, ...failedRetry.slice(1)], outage.state);
    expect(manual.chips).toEqual(['reconnecting', 'reconnecting']);
    expect(manual.effects).toEqual([reconnect, schedule]);
  });

  it('after a success, a later outage gets all ten retries again', () => {
    const firstOutage = run([
      { type: 'connected', cursor },
      { type: 'lost', lastSeen: seen },
      ...Array.from({ length: 7 }, () => failedRetry).flat(),
      { type: 'retry-due' },
      { type: 'connected', cursor: later },
    ]);
    expect(firstOutage.state).toEqual(at({ connection: 'live', cursor: later }));
    const secondOutage = run(
      [
        { type: 'lost', lastSeen: later },
        ...Array.from({ length: reconnectAttempts }, () => failedRetry).flat(),
      ],
      firstOutage.state,
    );
    expect(secondOutage.effects.filter((effect) => effect.type === 'reconnect')).toHaveLength(10);
    expect(secondOutage.state.connection).toBe('offline');
  });

  it('browser offline then online: leaves live at once, back live with one catch-up from before', () => {
    const { chips, effects, state } = run([
      { type: 'connected', cursor },
      { type: 'network-down', lastSeen: seen },
      { type: 'lost', lastSeen: seen },
      { type: 'retry-due' },
      { type: 'lost', lastSeen: seen },
      { type: 'network-up' },
      { type: 'connected', cursor: later },
    ]);
    // Offline for as long as the browser says so: its retries' failures do not make it
    // "Reconnecting…", which the chip says once the browser is back.
    expect(chips).toEqual([
      'live',
      'offline',
      'offline',
      'offline',
      'offline',
      'reconnecting',
      'live',
    ]);
    expect(effects.filter((effect) => effect.type === 'catch-up')).toEqual([catchUp(seen)]);
    expect(effects.at(-3)).toEqual(cancel);
    expect(state).toEqual(at({ connection: 'live', cursor: later }));
  });

  it('a relay restart: reconnecting, then live without a manual step', () => {
    const { chips, effects } = run([
      { type: 'connected', cursor },
      { type: 'lost', lastSeen: seen },
      ...failedRetry,
      { type: 'retry-due' },
      { type: 'connected', cursor: later },
    ]);
    expect(chips).toEqual([
      'live',
      'reconnecting',
      'reconnecting',
      'reconnecting',
      'reconnecting',
      'live',
    ]);
    expect(effects.filter((effect) => effect.type === 'reconnect')).toHaveLength(2);
    expect(effects.at(-1)).toEqual(catchUp(seen));
  });

  it('a stalled subscription: reconnecting on the failed heartbeats, live again on what it delivers', () => {
    // No subscribe failure is ever reported: the heartbeats time out, retries reconnect nothing
    // the SDK sees as lost, and then the held request answers with messages.
    const { chips, effects, state } = run([
      { type: 'connected', cursor },
      { type: 'lost', lastSeen: seen },
      { type: 'retry-due' },
      { type: 'lost', lastSeen: seen },
      { type: 'heard' },
      { type: 'heard' },
    ]);
    expect(chips).toEqual(['live', 'reconnecting', 'reconnecting', 'reconnecting', 'live', 'live']);
    expect(effects.filter((effect) => effect.type === 'catch-up')).toEqual([catchUp(seen)]);
    expect(state).toEqual(at({ connection: 'live', cursor }));
  });
});
