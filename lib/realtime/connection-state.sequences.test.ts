/** @jest-environment node */
// The connection machine over whole sequences of events as the SDK produces them.
import {
  initialConnection,
  nextConnection,
  reconnectAttempts,
  type ConnectionEffect,
  type ConnectionEvent,
} from './connection-state';
import {
  cursor,
  seen,
  later,
  at,
  exhausted,
  schedule,
  cancel,
  reconnect,
  catchUp,
} from './testing/connection-states';

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
