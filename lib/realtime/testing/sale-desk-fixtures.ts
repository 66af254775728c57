// The sale desk's tests' catalogue, record and flags (lib/realtime/sale-desk-*.test.ts, stores):
// sales as the catalogue read answers them, records folded by the record's own reducer, and a desk
// fed by a real bid store whose frames flush at once.
import type { RecordedFlag } from '@/lib/sales/recorded-flag';
import type { DeskCatalogue, FlagsRead, Sale } from '@/lib/sales/lot';
import { bidOf, uuid } from '@/testing/sale-desk/flag-script';
import { applyBid, type LotRecord } from '@/lib/sale-desk/lot-record';
import { recordedLot } from '@/lib/sales/recorded-lot';
import { createBidStore } from '../bid-store';
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import { createSaleDeskStore } from '../sale-desk-store';

export const sale = (auctionId: string, lots: Array<[lotId: string, lotNumber: number]>): Sale => ({
  auctionId,
  saleTitle: `Sale ${auctionId}`,
  lots: lots.map(([lotId, lotNumber]) => ({
    auctionId,
    lotId,
    lotNumber,
    lotTitle: '1967 Ford Mustang Shelby GT500',
    currency: 'EUR',
    lowEstimate: 100_000,
    highEstimate: 200_000,
    reserve: null,
    startingBid: 50_000,
    scheduledCloseAt: null,
  })),
});

/** Timetoken `n` of the channel (17 digits, past 2^53: built as an integer). */
export const tt = (n: number) => (17_000_000_000_000_000n + BigInt(n)).toString();

/**
 * The catalogue as `GET /api/sales?include=lots` answers it: each lot with its state in `records`
 * (by `saleLotKey`; upcoming when absent), and how far the record reaches.
 */
export const catalogueOf = (
  sales: Sale[],
  recordedThrough: string | null = null,
  records: ReadonlyMap<string, LotRecord> = new Map(),
  flags: RecordedFlag[] = [],
): DeskCatalogue => ({
  recordedThrough,
  flags,
  sales: sales.map((one) => {
    const lots = one.lots.map((lot) =>
      recordedLot(lot, records.get(saleLotKey(lot.auctionId, lot.lotId))),
    );
    return {
      auctionId: one.auctionId,
      saleTitle: one.saleTitle,
      lotCount: lots.length,
      currencies: ['EUR'],
      upcoming: lots.filter((lot) => lot.status === 'upcoming').length,
      open: lots.filter((lot) => lot.status === 'open').length,
      sold: lots.filter((lot) => lot.status === 'sold').length,
      passed: lots.filter((lot) => lot.status === 'passed').length,
      hammerTotals: [],
      lots,
    };
  }),
});

/** A flags read with none raised. */
export const noFlags = (): Promise<FlagsRead> =>
  Promise.resolve({ recordedThrough: null, flags: [] });

/** A jump the recorder raised on `auction-1`'s lot-1 by bid 20 (published at `tt(20)`). */
export const raisedJump = (): RecordedFlag => {
  const { placedAt } = bidOf({ paddle: 'P2', amount: 900_000, id: 20 }, 1);
  return {
    id: `jump:auction-1/lot-1:${uuid(20)}`,
    rule: 'jump',
    auctionId: 'auction-1',
    lotId: 'lot-1',
    lotTitle: 'A title the store never saw',
    paddles: ['P2'],
    bidIds: [uuid(20)],
    bids: [{ bidId: uuid(20), bidder: 'P2', amount: 900_000, currency: 'EUR', placedAt }],
    raisedAt: placedAt,
    timetoken: tt(20),
    state: 'open',
    reviews: [],
  };
};

/** A desk whose read of the record reached `tt(5)`, reading its flags with `loadFlags`. */
export async function deskReadThrough5(loadFlags: (after: string | null) => Promise<FlagsRead>) {
  const desk = createSaleDeskStore({
    load: () => Promise.resolve(catalogueOf([auction1()], tt(5))),
    loadFlags,
    schedule: (flush) => flush(),
  });
  await desk.refresh();
  return desk;
}

/** The record of `auction-1`'s lots after the bids given, bid `[n, …]` published at `tt(n)`. */
export function recordOf(bids: Array<[n: number, paddle: string, amount: number, lot?: string]>) {
  const records = new Map<string, LotRecord>();
  for (const [n, paddle, amount, lot = 'lot-1'] of bids) {
    const key = saleLotKey('auction-1', lot);
    records.set(key, applyBid(records.get(key), bidOf({ paddle, amount, lot, id: n }, n), tt(n)));
  }
  return records;
}

export const auction1 = () =>
  sale('auction-1', [
    ['lot-2', 2],
    ['lot-1', 1],
  ]);

export function setup(loaded: Sale[] = [auction1()], recordedThrough: string | null = null) {
  let clock = 1_000_000;
  const load = jest.fn<Promise<DeskCatalogue>, []>(() =>
    Promise.resolve(catalogueOf(loaded, recordedThrough)),
  );
  const desk = createSaleDeskStore({
    load,
    loadFlags: noFlags,
    now: () => clock,
    schedule: (flush) => flush(),
  });
  const store = createBidStore({ observer: desk, schedule: (flush) => flush() });
  let timetoken = 0;
  /** The next message, published 10 after the last one `ingest` gave. */
  const ingest = (payload: unknown) => store.ingest({ timetoken: tt((timetoken += 10)), payload });
  /** A message published at `tt(n)`, whatever came before. */
  const ingestAt = (n: number, payload: unknown) => store.ingest({ timetoken: tt(n), payload });
  return { desk, store, load, ingest, ingestAt, advance: (ms: number) => (clock += ms) };
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
export const recordOn = (
  desk: ReturnType<typeof setup>['desk'],
  lotId: string,
  auctionId = 'auction-1',
) => desk.getSnapshot().records.get(saleLotKey(auctionId, lotId));
