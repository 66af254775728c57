/** @jest-environment node */
// The connection's decisions beyond the chip, apart from the SDK (pubnub-connection.ts): where a
// delivered message goes, who is watching, which history read runs, what the chip shows, as a
// table.
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { initialConnection, type ConnectionMachine } from './connection-state';
import { recorderUserId } from './realtime-config';
import {
  earlierCancelled,
  giveUpEarlier,
  holdBack,
  initialSubscription,
  nextSubscription,
  releaseHeld,
  type SubscriptionEffect,
  type SubscriptionEvent,
  type SubscriptionState,
} from './subscription-state';
import { cursor, live, retrying, seen, beforeFirst } from './testing/connection-states';

const message = (n: number): IncomingMessage => ({ timetoken: `1795288800000000${n}`, payload: n });
const fromRecord = '17952887000000000';

/** A subscription whose machine is at `connection`, holding `held` if given. */
function at(
  connection: ConnectionMachine,
  {
    held = null,
    resumeFrom = null,
  }: { held?: IncomingMessage[] | null; resumeFrom?: string | null } = {},
): SubscriptionState {
  return { ...initialSubscription(resumeFrom), connection, held };
}

const show = (connection: ConnectionMachine['connection']): SubscriptionEffect => ({
  type: 'show',
  connection,
});
const ingest = (n: number): SubscriptionEffect => ({ type: 'ingest', message: message(n) });
const watching: SubscriptionEffect = { type: 'refresh-watching' };

type Row = [
  name: string,
  state: () => SubscriptionState,
  event: SubscriptionEvent,
  effects: SubscriptionEffect[],
  after: Partial<SubscriptionState>,
];

const rows: Row[] = [
  [
    'a message while live: to the store',
    () => at(live),
    { type: 'message', message: message(1) },
    [ingest(1)],
    { held: null },
  ],
  [
    'a message while a read holds them: held',
    () => at(live, { held: [message(1)] }),
    { type: 'message', message: message(2) },
    [],
    { held: [message(1), message(2)] },
  ],
  [
    'a message that ends an outage: live, the gap read, the message held behind it',
    () => at(retrying),
    { type: 'message', message: message(3) },
    [
      show('live'),
      { type: 'cancel-retry' },
      watching,
      { type: 'read-gap', from: seen, count: true },
      { type: 'resume-presence' },
    ],
    { held: [message(3)] },
  ],
  [
    'the first connect: the earlier messages replayed, live ones held from now',
    () => at(initialConnection),
    { type: 'connected', cursor },
    [show('live'), watching, { type: 'replay-earlier' }],
    { held: [] },
  ],
  [
    'the first connect after a page rendered from the record: the gap since it, not counted',
    () => at(initialConnection, { resumeFrom: fromRecord }),
    { type: 'connected', cursor },
    [show('live'), watching, { type: 'read-gap', from: fromRecord, count: false }],
    { held: [] },
  ],
  [
    'an outage before the first connect ended by a message: the gap since the record',
    () =>
      at(beforeFirst({ connection: 'reconnecting', attempts: 1, retryPending: true }), {
        resumeFrom: fromRecord,
      }),
    { type: 'message', message: message(4) },
    [
      show('live'),
      { type: 'cancel-retry' },
      watching,
      { type: 'read-gap', from: fromRecord, count: false },
      { type: 'resume-presence' },
    ],
    { held: [message(4)] },
  ],
  [
    'lost while live: the chip says so, a retry',
    () => at(live),
    { type: 'lost', lastSeen: seen },
    [show('reconnecting'), { type: 'schedule-retry', inMs: 3000 }],
    { held: null },
  ],
  [
    'connected again while live: the chip unchanged',
    () => at(live),
    { type: 'connected', cursor: null },
    [watching],
    {},
  ],
  [
    'stopped: the leave, the chip left to the next session',
    () => at(retrying),
    { type: 'stop' },
    [{ type: 'cancel-retry' }, { type: 'leave' }],
    {},
  ],
  [
    'the recorder joins: not counted',
    () => at(live),
    { type: 'presence', news: { action: 'join', uuid: recorderUserId }, occupancy: 3 },
    [{ type: 'set-watching', count: 2 }],
    { watching: { recorderHere: true } },
  ],
  [
    'a state change: no count',
    () => at(live),
    { type: 'presence', news: { action: 'state-change', uuid: 'staff-1' }, occupancy: undefined },
    [],
    { watching: { recorderHere: false } },
  ],
  [
    'a presence event that ends an outage: live first, then the count',
    () => at(retrying),
    { type: 'presence', news: { action: 'join', uuid: 'staff-2' }, occupancy: 2 },
    [
      show('live'),
      { type: 'cancel-retry' },
      watching,
      { type: 'read-gap', from: seen, count: true },
      { type: 'resume-presence' },
      { type: 'set-watching', count: 2 },
    ],
    { held: [] },
  ],
  [
    'here-now’s answer: everyone present but the recorder',
    () => at(live),
    { type: 'present', uuids: ['staff-1', recorderUserId, 'staff-2'] },
    [{ type: 'set-watching', count: 2 }],
    { watching: { recorderHere: true } },
  ],
];

describe('nextSubscription', () => {
  it.each(rows)('%s', (_name, state, event, effects, after) => {
    const given = state();
    expect(nextSubscription(given, event)).toEqual(effects);
    expect(given).toMatchObject(after);
  });

  it('a live sale’s message asks the machine nothing: its state is the same object', () => {
    const state = at(live);
    nextSubscription(state, { type: 'message', message: message(1) });
    expect(state.connection).toBe(live);
  });
});

describe('the hold of a history read', () => {
  it('holds once, releases what it held in arrival order, and lets the next go to the store', () => {
    const state = at(live);
    holdBack(state);
    nextSubscription(state, { type: 'message', message: message(1) });
    holdBack(state);
    nextSubscription(state, { type: 'message', message: message(2) });
    expect(releaseHeld(state)).toEqual([message(1), message(2)]);
    expect(releaseHeld(state)).toEqual([]);
    expect(nextSubscription(state, { type: 'message', message: message(3) })).toEqual([ingest(3)]);
  });

  it('the first load’s reads stop once it gave up, or once stopped', () => {
    const state = at(live);
    expect(earlierCancelled(state)).toBe(false);
    giveUpEarlier(state);
    expect(earlierCancelled(state)).toBe(true);
    const stopped = at(live);
    nextSubscription(stopped, { type: 'stop' });
    expect(earlierCancelled(stopped)).toBe(true);
  });
});
