/** @jest-environment node */
// The bid store's transitions, apart from its shell (bid-store.ts): what each call does to the
// state and which effects it asks for, as a table.
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import {
  countBidsBetween,
  initialBidStore,
  nextBidStore,
  snapshotOf,
  takeMessage,
  type BidStoreEffect,
  type BidStoreEvent,
  type BidStoreState,
} from './bid-store-state';
import { T0, closedMessage, nth, openedMessage, tt, uuid } from './testing/bid-messages';

const limits = { windowSize: 3, maxLots: 10, maxSales: 5, rateSeconds: 4 };
const publish: BidStoreEffect = { type: 'publish' };
const resetObserver: BidStoreEffect = { type: 'reset-observer' };

/** A fresh state with `changes` made, and `messages` taken. */
function stateWith(
  changes: Partial<Pick<BidStoreState, 'connection' | 'watching' | 'replayed'>> = {},
  messages: IncomingMessage[] = [],
): BidStoreState {
  const state = Object.assign(initialBidStore(limits), changes);
  for (const message of messages) takeMessage(state, message);
  return state;
}

type EventRow = [
  name: string,
  state: () => BidStoreState,
  event: BidStoreEvent,
  effects: BidStoreEffect[],
  after: Partial<BidStoreState>,
];

const eventRows: EventRow[] = [
  [
    'connecting to live: published',
    stateWith,
    { type: 'connection', connection: 'live' },
    [publish],
    { connection: 'live' },
  ],
  [
    'connecting again: nothing',
    stateWith,
    { type: 'connection', connection: 'connecting' },
    [],
    { connection: 'connecting' },
  ],
  [
    'nobody to 3 watching: published',
    stateWith,
    { type: 'watching', count: 3 },
    [publish],
    { watching: 3 },
  ],
  [
    '3 watching to 0: published',
    () => stateWith({ watching: 3 }),
    { type: 'watching', count: 0 },
    [publish],
    { watching: 0 },
  ],
  ['nobody again: nothing', stateWith, { type: 'watching', count: null }, [], { watching: null }],
  [
    '12 replayed: published',
    stateWith,
    { type: 'replayed', count: 12 },
    [publish],
    { replayed: 12 },
  ],
  [
    '12 replayed again: nothing',
    () => stateWith({ replayed: 12 }),
    { type: 'replayed', count: 12 },
    [],
    { replayed: 12 },
  ],
  [
    'the first load loading: published',
    stateWith,
    { type: 'earlier', earlier: { state: 'loading' } },
    [publish],
    { earlier: { state: 'loading' } },
  ],
  [
    'the first load loaded: published',
    stateWith,
    { type: 'earlier', earlier: { state: 'loaded', bids: 4 } },
    [publish],
    { earlier: { state: 'loaded', bids: 4 } },
  ],
  ['no earlier counts: nothing', stateWith, { type: 'earlier-counts', counts: [] }, [], {}],
];

describe('nextBidStore', () => {
  it.each(eventRows)('%s', (_name, state, event, effects, after) => {
    const given = state();
    expect(nextBidStore(given, event)).toEqual(effects);
    expect(given).toMatchObject(after);
  });

  it('earlier counts go to the rates, the whole stream’s and each sale’s: published', () => {
    const state = stateWith();
    const second = Math.floor(T0 / 1000);
    const counts = [
      { second, auctionId: 'sale-a', bids: 40 },
      { second, auctionId: 'sale-b', bids: 2 },
    ];
    expect(nextBidStore(state, { type: 'earlier-counts', counts })).toEqual([publish]);
    expect(state.rate.perSecond()).toEqual([0, 0, 0, 42]);
    expect(state.saleRates.snapshot().get('sale-a')?.perSecond.at(-1)).toBe(40);
  });

  it('reset: everything forgotten, the desk reset first, then published', () => {
    const state = stateWith({ connection: 'live', watching: 4, replayed: 2 }, [nth(1), nth(2)]);
    nextBidStore(state, { type: 'earlier', earlier: { state: 'failed' } });
    expect(nextBidStore(state, { type: 'reset' })).toEqual([resetObserver, publish]);
    expect(snapshotOf(state)).toEqual(snapshotOf(initialBidStore(limits)));
    // The same bid after a reset is new.
    expect(takeMessage(state, nth(1))?.kind).toBe('bid');
  });
});

type MessageRow = [
  name: string,
  before: IncomingMessage[],
  message: IncomingMessage,
  told: 'bid' | 'lot-closed' | 'lot-opened' | null,
  window: number[],
  counters: Partial<BidStoreState['counters']>,
];

const messageRows: MessageRow[] = [
  ['a new bid: told, kept, counted', [], nth(1), 'bid', [1], { bids: 1 }],
  [
    'the same bid again: a duplicate, not told',
    [nth(1)],
    nth(1),
    null,
    [1],
    { bids: 1, duplicates: 1 },
  ],
  ['an older bid: told, in its place', [nth(1), nth(3)], nth(2), 'bid', [3, 2, 1], { bids: 3 }],
  [
    'a bid older than a full window: told, counted, not shown',
    [nth(2), nth(3), nth(4)],
    nth(1),
    'bid',
    [4, 3, 2],
    { bids: 4 },
  ],
  [
    'a newer bid past a full window: the oldest leaves',
    [nth(1), nth(2), nth(3)],
    nth(4),
    'bid',
    [4, 3, 2],
    { bids: 4 },
  ],
  [
    'undecryptable: counted, not told, even a valid bid',
    [],
    { ...nth(1), error: 'Decryption error' },
    null,
    [],
    { undecryptable: 1, bids: 0 },
  ],
  [
    'not a message of ours: invalid',
    [],
    { timetoken: tt(T0 + 1), payload: 'junk' },
    null,
    [],
    { invalid: 1 },
  ],
  [
    'a type not known: counted as such',
    [],
    { timetoken: tt(T0 + 1), payload: { type: 'bid.retracted' } },
    null,
    [],
    { unknownType: 1 },
  ],
  [
    'a close: told, no bid',
    [nth(1)],
    closedMessage(tt(T0 + 2), 'lot-1'),
    'lot-closed',
    [1],
    { bids: 1, invalid: 0 },
  ],
  [
    'an open: told, no bid',
    [],
    openedMessage(tt(T0 + 2), 'lot-1'),
    'lot-opened',
    [],
    { bids: 0, invalid: 0 },
  ],
];

describe('takeMessage', () => {
  it.each(messageRows)('%s', (_name, before, message, told, window, counters) => {
    const state = stateWith({}, before);
    expect(takeMessage(state, message)?.kind ?? null).toBe(told);
    expect(state.bids.map((bid) => bid.bidId)).toEqual(window.map(uuid));
    expect(state.counters).toMatchObject(counters);
  });

  it('tells the classification made anyway: no object is made for the desk', () => {
    const told = takeMessage(stateWith(), nth(1));
    expect(told).toEqual({ kind: 'bid', bid: nth(1).payload });
  });

  it('changes the window in place: the array the state holds is never copied', () => {
    const state = stateWith();
    const window = state.bids;
    for (let id = 1; id <= 10; id += 1) takeMessage(state, nth(id));
    expect(state.bids).toBe(window);
    expect(window).toHaveLength(limits.windowSize);
  });

  it('the newest timetoken is every message’s, bid or not, counted or not', () => {
    const state = stateWith({}, [nth(5), { timetoken: tt(T0 + 9), payload: 'junk' }, nth(1)]);
    expect(state.lastTimetoken).toBe(tt(T0 + 9));
    expect(countBidsBetween(state, tt(T0), tt(T0 + 9))).toBe(2);
  });
});
