import type { ConnectionState } from './bid-store';
import { latestOf } from '@/lib/sale-desk/timetoken';

/**
 * The connection's decisions, apart from the SDK, the timers and the store: `pubnub-connection.ts`
 * turns what happens into events, feeds them to `nextConnection`, shows `connection` on the chip
 * and performs the effects it gets back.
 */
export interface ConnectionMachine {
  /** What the chip shows. */
  connection: ConnectionState;
  /** Automatic reconnects used since the last success. */
  attempts: number;
  /** A retry timer is running: a second outage report must not start another. */
  retryPending: boolean;
  /** The newest timetoken seen before the current outage: history is fetched from it. */
  catchUpFrom: string | null;
  /** The subscription's cursor at the last (re)connect: the baseline before any message. */
  cursor: string | null;
  /** After sign-out or unmount: nothing moves any more. */
  stopped: boolean;
  /** The first connect asked for the earlier messages (history catch-up); later ones do not. */
  earlierLoaded: boolean;
  /**
   * The browser said it is offline and has not said it is back: the chip says Offline through the
   * retries' failures (each reported as a lost subscription), not Reconnecting.
   */
  networkDown: boolean;
}

/** `lastSeen` is the newest timetoken the store holds when the event happens. */
export type ConnectionEvent =
  | { type: 'connected'; cursor: string | null }
  | { type: 'lost'; lastSeen: string | null }
  | { type: 'network-down'; lastSeen: string | null }
  | { type: 'network-up' }
  /** The subscription delivered something (a message, a presence event): it is alive. */
  | { type: 'heard' }
  | { type: 'denied'; lastSeen: string | null }
  | { type: 'retry-due' }
  | { type: 'manual-retry' }
  | { type: 'stop' };

export type ConnectionEffect =
  | { type: 'schedule-retry'; inMs: number }
  | { type: 'cancel-retry' }
  | { type: 'reconnect' }
  /** The presence heartbeats, stopped by the failures that reported an outage, start again. */
  | { type: 'resume-presence' }
  | { type: 'refresh-watching' }
  | { type: 'catch-up'; from: string }
  | { type: 'load-earlier' }
  | { type: 'leave' };

export interface ConnectionStep {
  state: ConnectionMachine;
  effects: ConnectionEffect[];
}

/**
 * The SDK's own retries are silent (no status event while they run), so the console retries by
 * itself: an outage shows on the chip at once, and gives up visibly with a Reconnect button.
 */
export const reconnectAttempts = 10;
export const reconnectDelayMs = 3000;

export const initialConnection: ConnectionMachine = {
  connection: 'connecting',
  attempts: 0,
  retryPending: false,
  catchUpFrom: null,
  cursor: null,
  stopped: false,
  earlierLoaded: false,
  networkDown: false,
};

const ignored = (state: ConnectionMachine): ConnectionStep => ({ state, effects: [] });

/**
 * Reconnecting or offline: what the subscription delivers (`heard`) ends the outage. Anywhere
 * else `heard` changes nothing, so a live sale's messages need not step the machine
 * (subscription-state.ts).
 */
export const inOutage = (state: ConnectionMachine): boolean =>
  !state.stopped && (state.connection === 'reconnecting' || state.connection === 'offline');

const withEffect = (step: ConnectionStep, effect: ConnectionEffect): ConnectionStep => ({
  ...step,
  effects: [...step.effects, effect],
});

const cancelPending = (state: ConnectionMachine): ConnectionEffect[] =>
  state.retryPending ? [{ type: 'cancel-retry' }] : [];

/** Keeps the first baseline of an outage: later reports of the same outage must not move it on. */
const markOutage = (state: ConnectionMachine, lastSeen: string | null): ConnectionMachine => ({
  ...state,
  catchUpFrom: state.catchUpFrom ?? latestOf(lastSeen, state.cursor),
});

function lost(state: ConnectionMachine, lastSeen: string | null): ConnectionStep {
  const shown = state.networkDown ? ('offline' as const) : ('reconnecting' as const);
  const marked = { ...markOutage(state, lastSeen), connection: shown };
  if (marked.retryPending) return { state: marked, effects: [] };
  if (marked.attempts >= reconnectAttempts)
    return { state: { ...marked, connection: 'offline' }, effects: [] };
  return {
    state: { ...marked, attempts: marked.attempts + 1, retryPending: true },
    effects: [{ type: 'schedule-retry', inMs: reconnectDelayMs }],
  };
}

function connected(state: ConnectionMachine, cursor: string | null): ConnectionStep {
  const effects: ConnectionEffect[] = [...cancelPending(state), { type: 'refresh-watching' }];
  // The first connect replays what was published before it (a reload mid-sale shows the sale);
  // a reconnect replays only the outage.
  if (!state.earlierLoaded) effects.push({ type: 'load-earlier' });
  else if (state.catchUpFrom) effects.push({ type: 'catch-up', from: state.catchUpFrom });
  return {
    state: {
      ...state,
      earlierLoaded: true,
      networkDown: false,
      connection: 'live',
      attempts: 0,
      retryPending: false,
      catchUpFrom: null,
      cursor: cursor ?? state.cursor,
    },
    effects,
  };
}

export function nextConnection(state: ConnectionMachine, event: ConnectionEvent): ConnectionStep {
  if (state.stopped) return ignored(state);
  // A refusal stays on screen until someone retries: retrying alone would only be refused again.
  // A successful connect still wins, since bids then flow and the chip must not say otherwise.
  const denied = state.connection === 'denied';
  switch (event.type) {
    case 'connected':
      return connected(state, event.cursor);
    case 'lost':
      return denied ? ignored(state) : lost(state, event.lastSeen);
    case 'network-down':
      return denied
        ? ignored(state)
        : {
            state: {
              ...markOutage(state, event.lastSeen),
              connection: 'offline',
              networkDown: true,
            },
            effects: [],
          };
    case 'network-up': {
      // The SDK reconnects by itself on this event; while live or still connecting it changes
      // nothing, and the chip must not claim a reconnect that is not happening. The retries start
      // over (those spent while the browser was offline could not succeed), one scheduled should
      // the SDK's own reconnect stall.
      if (state.connection !== 'offline' && state.connection !== 'reconnecting')
        return ignored(state.networkDown ? { ...state, networkDown: false } : state);
      const back = {
        ...state,
        connection: 'reconnecting' as const,
        networkDown: false,
        attempts: 0,
      };
      if (state.retryPending) return { state: back, effects: [] };
      return {
        state: { ...back, attempts: 1, retryPending: true },
        effects: [{ type: 'schedule-retry', inMs: reconnectDelayMs }],
      };
    }
    case 'heard':
      // An outage reported while the subscription's own request was only stalled (a relay or a
      // network path that held it instead of failing it) ends with no status event: the SDK never
      // saw a failure. What the subscription delivers is the proof it is back; the outage is read
      // from history as after any reconnect.
      if (!inOutage(state)) return ignored(state);
      return withEffect(connected(state, null), { type: 'resume-presence' });
    case 'denied':
      return {
        state: { ...markOutage(state, event.lastSeen), connection: 'denied', retryPending: false },
        effects: cancelPending(state),
      };
    case 'retry-due': {
      // A timer that outlived its outage (live again, or refused meanwhile) reconnects nothing.
      const fired = { ...state, retryPending: false };
      const retrying = state.connection === 'reconnecting' || state.connection === 'offline';
      return { state: fired, effects: retrying ? [{ type: 'reconnect' }] : [] };
    }
    case 'manual-retry':
      // Offered only where the chip shows a Reconnect button: live needs none, and while
      // connecting or reconnecting a reconnect is already under way.
      if (state.connection !== 'offline' && !denied) return ignored(state);
      return {
        state: { ...state, connection: 'reconnecting', attempts: 0, retryPending: false },
        effects: [...cancelPending(state), { type: 'reconnect' }],
      };
    case 'stop':
      return {
        state: { ...state, stopped: true, retryPending: false },
        effects: [...cancelPending(state), { type: 'leave' }],
      };
  }
}
