// The connection's decisions beyond the chip, apart from the SDK, the timers and the store
// (docs/adr/0040-pure-transitions-and-one-composition-root.md): where a delivered message goes
// (held back while history is read, else to the store), who is watching, which history read
// runs. `pubnub-connection.ts` turns what the SDK says into events and performs the effects;
// `connection-state.ts` keeps the chip and the retries, stepped from here.
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import type { ConnectionState } from './bid-store';
import {
  inOutage,
  initialConnection,
  nextConnection,
  type ConnectionEffect,
  type ConnectionEvent,
  type ConnectionMachine,
} from './connection-state';
import { recorderUserId } from './realtime-config';
import {
  afterPresence,
  staffInList,
  staffWatching,
  type PresenceNews,
  type WatchingState,
} from './staff-watching';

/**
 * What the connection holds. Its transitions change it in place; `held` grows by one message at
 * a time while a read runs (never copied per message), and `connection` is replaced by each of
 * the machine's steps.
 */
export interface SubscriptionState {
  /** The chip, the retries and the outage's baseline (connection-state.ts). */
  connection: ConnectionMachine;
  /** Whether the console's recorder is among the subscribers: not staff, not counted. */
  watching: WatchingState;
  /**
   * Live messages held back while history is read: replayed after it, in publish order. Null
   * while no read holds them: they go to the store as they come.
   */
  held: IncomingMessage[] | null;
  /** The first load gave up on history (its deadline): its reads stop. */
  earlierGivenUp: boolean;
  /**
   * The store holds every message up to this timetoken already (the page was rendered from the
   * record): the first connect reads the gap from it, as after an outage, and counts no replay.
   */
  readonly resumeFrom: string | null;
}

export const initialSubscription = (resumeFrom: string | null = null): SubscriptionState => ({
  connection: initialConnection,
  watching: { recorderHere: false },
  held: null,
  earlierGivenUp: false,
  resumeFrom,
});

export type SubscriptionEvent =
  | ConnectionEvent
  /** A message on `bids`: heard, then held back or taken by the store. */
  | { type: 'message'; message: IncomingMessage }
  /** A presence event on `bids`, heard too; join, leave, timeout and interval carry the occupancy. */
  | { type: 'presence'; news: PresenceNews; occupancy: number | undefined }
  /** Here-now's answer: who subscribes to `bids`. */
  | { type: 'present'; uuids: readonly string[] };

export type SubscriptionEffect =
  | Exclude<ConnectionEffect, { type: 'catch-up' | 'load-earlier' }>
  /** The chip changed. */
  | { type: 'show'; connection: ConnectionState }
  | { type: 'ingest'; message: IncomingMessage }
  | { type: 'set-watching'; count: number }
  /**
   * Reads what was published after `from`, live messages held back meanwhile; `count`: the
   * notice says how many bids came back.
   */
  | { type: 'read-gap'; from: string; count: boolean }
  /** The first load: the earlier messages replayed, live messages held back meanwhile. */
  | { type: 'replay-earlier' };

const none: readonly SubscriptionEffect[] = [];
const heard: ConnectionEvent = { type: 'heard' };

/** The connection's decisions in this vocabulary: which read its `load-earlier` means. */
function asSubscriptionEffect(
  state: SubscriptionState,
  effect: ConnectionEffect,
): SubscriptionEffect {
  if (effect.type === 'catch-up') return { type: 'read-gap', from: effect.from, count: true };
  if (effect.type !== 'load-earlier') return effect;
  return state.resumeFrom === null
    ? { type: 'replay-earlier' }
    : { type: 'read-gap', from: state.resumeFrom, count: false };
}

function connectionStep(state: SubscriptionState, event: ConnectionEvent): SubscriptionEffect[] {
  const shown = state.connection.connection;
  const step = nextConnection(state.connection, event);
  state.connection = step.state;
  const effects = step.effects.map((effect) => asSubscriptionEffect(state, effect));
  // A read decided here holds live messages back from now on: a message that ended an outage
  // reaches the store after the gap it opened, in publish order.
  if (effects.some((effect) => effect.type === 'read-gap' || effect.type === 'replay-earlier'))
    holdBack(state);
  // After stop the store belongs to the next session (sign-out resets it): leave it alone.
  if (step.state.stopped || step.state.connection === shown) return effects;
  return [{ type: 'show', connection: step.state.connection }, ...effects];
}

/**
 * Hearing from the subscription, the hot path: a live sale's messages ask the connection's
 * machine nothing (it would change nothing), only an outage's first one does.
 */
const hear = (state: SubscriptionState): readonly SubscriptionEffect[] =>
  inOutage(state.connection) ? connectionStep(state, heard) : none;

export function nextSubscription(
  state: SubscriptionState,
  event: SubscriptionEvent,
): readonly SubscriptionEffect[] {
  switch (event.type) {
    case 'message': {
      // Heard first: should it end an outage, the read it starts holds this message back too.
      const effects = hear(state);
      if (state.held) {
        state.held.push(event.message);
        return effects;
      }
      const ingest: SubscriptionEffect = { type: 'ingest', message: event.message };
      return effects.length === 0 ? [ingest] : [...effects, ingest];
    }
    case 'presence': {
      const effects = hear(state);
      state.watching = afterPresence(state.watching, event.news);
      if (typeof event.occupancy !== 'number') return effects;
      const count = staffWatching(event.occupancy, state.watching);
      return [...effects, { type: 'set-watching', count }];
    }
    case 'present':
      state.watching = { recorderHere: event.uuids.includes(recorderUserId) };
      return [{ type: 'set-watching', count: staffInList(event.uuids) }];
    default:
      return connectionStep(state, event);
  }
}

/** A history read starts: live messages are held back from now, if they are not already. */
export function holdBack(state: SubscriptionState): void {
  state.held ??= [];
}

/** A history read is done holding: answers what it held, in arrival order; the next go on. */
export function releaseHeld(state: SubscriptionState): IncomingMessage[] {
  const held = state.held ?? [];
  state.held = null;
  return held;
}

/** The first load's deadline passed: its reads stop. */
export function giveUpEarlier(state: SubscriptionState): void {
  state.earlierGivenUp = true;
}

/** The first load's reads stop: after sign-out or unmount, or once it gave up. */
export const earlierCancelled = (state: SubscriptionState): boolean =>
  state.connection.stopped || state.earlierGivenUp;
