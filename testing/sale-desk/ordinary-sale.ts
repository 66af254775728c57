import type { BidPlaced, LotClosed } from '@/lib/sale-desk/bid-messages';
import { currencyFractionDigits } from '@/lib/sale-desk/money';
import { nextBidAt } from '@/lib/sale-desk/bid-increments';
import type { CatalogueLookup } from '@/lib/sale-desk/flags/rule-input';
import { T0, uuid, type SaleMessage } from './flag-script';

/** A small seeded PRNG (mulberry32): the same seed gives the same sale on every run. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Three sales at once, in currencies of 2, 0 and 3 decimals, sharing paddle names. */
const sales = [
  { auctionId: 'paris-2026-11', currency: 'EUR', bids: 250 },
  { auctionId: 'tokyo-2026-11', currency: 'JPY', bids: 150 },
  { auctionId: 'manama-2026-11', currency: 'BHD', bids: 100 },
];
const paddlePool = Array.from({ length: 12 }, (_, index) => `Paddle ${101 + index}`);
const openingsMajor = [300, 1_200, 4_000, 15_000, 60_000];

/** Fisher-Yates, driven by the seeded PRNG. */
function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

interface Timed {
  at: number;
  message: SaleMessage;
}

/**
 * One sale's lots, one after another: each opens, takes its bids 1.5 to 4 s apart (mostly one
 * increment, now and then two), then closes on its last bid. The high estimate is chosen after the
 * bids, between 0.36× and 1.67× the hammer, so some lots pass it and none reaches 3× it. The first
 * three bids of a lot come from three paddles, no paddle outbids itself, and past the estimate no
 * two paddles alternate: the honest room the flags must stay quiet about.
 */
function saleTimeline(sale: (typeof sales)[number], random: () => number, ids: { next: number }) {
  const scale = 10 ** currencyFractionDigits(sale.currency);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const events: Timed[] = [];
  const highEstimates = new Map<string, number>();
  let clock = T0 + Math.floor(random() * 1_000);
  let left = sale.bids;
  for (let lotNumber = 1; left > 0; lotNumber += 1) {
    const lotId = `lot-${lotNumber}`;
    const count = left < 30 ? left : 12 + Math.floor(random() * 13);
    const amounts = [pick(openingsMajor) * scale];
    while (amounts.length < count) {
      const once = nextBidAt(amounts.at(-1)!, sale.currency);
      amounts.push(random() < 0.8 ? once : nextBidAt(once, sale.currency));
    }
    const hammer = amounts.at(-1)!;
    const highEstimate = Math.ceil(hammer / (0.6 + random() * 2.2) / scale) * scale;
    highEstimates.set(JSON.stringify([sale.auctionId, lotId]), highEstimate);
    const paddles = shuffled(paddlePool, random).slice(0, 3 + Math.floor(random() * 3));
    const bidders: string[] = [];
    amounts.forEach((amount, index) => {
      const lastTwo = index < 3 || amount > highEstimate ? bidders.slice(-2) : bidders.slice(-1);
      const bidder = pick(paddles.filter((paddle) => !lastTwo.includes(paddle)));
      bidders.push(bidder);
      clock += 1_500 + Math.floor(random() * 2_500);
      const bid: BidPlaced = {
        type: 'bid.placed',
        v: 1,
        bidId: uuid((ids.next += 1)),
        auctionId: sale.auctionId,
        lotId,
        lotTitle: `${sale.auctionId} ${lotId}`,
        bidder,
        amount,
        currency: sale.currency,
        placedAt: new Date(clock).toISOString(),
      };
      events.push({ at: clock, message: { kind: 'bid', bid } });
    });
    clock += 3_000;
    const winning = events.at(-1)!.message;
    const closed: LotClosed = {
      type: 'lot.closed',
      v: 1,
      auctionId: sale.auctionId,
      lotId,
      winningBidId: winning.kind === 'bid' ? winning.bid.bidId : null,
      closedAt: new Date(clock).toISOString(),
    };
    events.push({ at: clock, message: { kind: 'closed', closed } });
    clock += 5_000;
    left -= count;
  }
  return { events, highEstimates };
}

/** A deterministic ordinary sale of 500 bids across three sales, in placed order. */
export function ordinarySale(seed = 20_261_121) {
  const random = mulberry32(seed);
  const ids = { next: 0 };
  const timelines = sales.map((sale) => saleTimeline(sale, random, ids));
  // Stable sort: at equal times, the order the sales are listed in.
  const messages = timelines
    .flatMap((timeline) => timeline.events)
    .sort((a, b) => a.at - b.at)
    .map((event) => event.message);
  const highEstimates = new Map(timelines.flatMap((timeline) => [...timeline.highEstimates]));
  const catalogue: CatalogueLookup = (auctionId, lotId) => {
    const highEstimate = highEstimates.get(JSON.stringify([auctionId, lotId]));
    return highEstimate === undefined ? undefined : { highEstimate };
  };
  return { messages, catalogue, highEstimates };
}
