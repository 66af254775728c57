/** @jest-environment node */
// The sale desk's transitions, apart from its shell (sale-desk-store.ts): what each read and call
// does to the state and which effects it asks for, as a table.
import type { RecordedFlag } from '@/lib/sales/recorded-flag';
import {
  nextSaleDesk,
  type SaleDeskEffect,
  type SaleDeskEvent,
  type SaleDeskState,
} from './sale-desk-state';
import { auction1, catalogueOf, raisedJump, sale, tt } from './testing/sale-desk-fixtures';
import { cancelFlags, fresh, load, publish, read, seeded } from './testing/sale-desk-states';

type Row = [
  name: string,
  state: () => SaleDeskState,
  event: SaleDeskEvent,
  effects: SaleDeskEffect[],
  after: Partial<SaleDeskState>,
];

const auction2 = catalogueOf([auction1(), sale('auction-2', [['lot-1', 1]])], tt(9));
const failed = new Error('down');

const rows: Row[] = [
  [
    'asked, none on its way: a read, its time kept',
    fresh,
    { type: 'refresh', at: 7 },
    [load],
    { loading: true, lastRefreshAt: 7 },
  ],
  [
    'asked while one is on its way: joins it',
    () => read({ loading: true }),
    { type: 'refresh', at: 9_000 },
    [],
    { lastRefreshAt: 1_000 },
  ],
  [
    'a read answers: taken, published',
    () => read(),
    { type: 'catalogue-read', loaded: auction2, generation: 0 },
    [publish],
    { recordedThrough: tt(9), catalogueAnswered: true },
  ],
  [
    'the same read again: nothing',
    () => read(),
    { type: 'catalogue-read', loaded: catalogueOf([auction1()], tt(5)), generation: 0 },
    [],
    { recordedThrough: tt(5) },
  ],
  [
    'a read asked before a sign-out: dropped',
    () => read({ generation: 1 }),
    { type: 'catalogue-read', loaded: auction2, generation: 0 },
    [],
    { recordedThrough: tt(5) },
  ],
  [
    'a read of every sale after the page’s record: the seeding ends',
    seeded,
    { type: 'catalogue-read', loaded: auction2, generation: 0 },
    [publish],
    { seededSales: null },
  ],
  [
    'the first read fails: answered, why shown',
    fresh,
    { type: 'catalogue-failed', error: failed, generation: 0 },
    [publish],
    { catalogueAnswered: true, catalogueError: failed },
  ],
  [
    'a re-read fails: nothing shown',
    () => read(),
    { type: 'catalogue-failed', error: failed, generation: 0 },
    [],
    { catalogueError: null },
  ],
  [
    'the read ends: the next ask reads',
    () => read({ loading: true }),
    { type: 'catalogue-settled', generation: 0 },
    [],
    { loading: false },
  ],
  [
    'a read before a sign-out ends: the current one goes on',
    () => read({ loading: true, generation: 1 }),
    { type: 'catalogue-settled', generation: 0 },
    [],
    { loading: true },
  ],
  [
    'the page’s record first: taken, its sales kept',
    fresh,
    { type: 'seed', loaded: catalogueOf([auction1()], tt(4)) },
    [publish],
    { recordedThrough: tt(4), seededSales: new Set(['auction-1']) },
  ],
  [
    'the page’s record after a read: nothing',
    () => read(),
    { type: 'seed', loaded: auction2 },
    [],
    { recordedThrough: tt(5), seededSales: null },
  ],
  [
    'the flags’ timer runs out: read after the record’s reach',
    () => read({ flagsReadDue: true }),
    { type: 'flags-due' },
    [{ type: 'read-flags', after: tt(5) }],
    { flagsReadDue: false },
  ],
  [
    'flags read: a new one published',
    () => read(),
    { type: 'flags-read', read: { recordedThrough: tt(20), flags: [raisedJump()] }, generation: 0 },
    [publish],
    {},
  ],
  [
    'flags read before a sign-out: dropped',
    () => read({ generation: 1 }),
    { type: 'flags-read', read: { recordedThrough: tt(20), flags: [raisedJump()] }, generation: 0 },
    [],
    {},
  ],
  [
    'a flag announced: published',
    () => read(),
    { type: 'flag', flag: raisedJump() },
    [publish],
    {},
  ],
  [
    'sign-out: emptied, the next session counted',
    () => read(),
    { type: 'reset' },
    [publish],
    { ...fresh(), generation: 1 },
  ],
  [
    'sign-out while the flags are due: their timer cancelled',
    () => read({ flagsReadDue: true }),
    { type: 'reset' },
    [cancelFlags, publish],
    { flagsReadDue: false, generation: 1 },
  ],
];

describe('nextSaleDesk', () => {
  it.each(rows)('%s', (_name, state, event, effects, after) => {
    const given = state();
    expect(nextSaleDesk(given, event)).toEqual(effects);
    expect(given).toMatchObject(after);
  });

  it('a flag announced as it is shown: nothing', () => {
    const state = read();
    const flag: RecordedFlag = raisedJump();
    nextSaleDesk(state, { type: 'flag', flag });
    expect(nextSaleDesk(state, { type: 'flag', flag })).toEqual([]);
  });
});
