// The seven bidding patterns the simulator plays now and then (anomalies.ts decides when), one
// for each flag rule of the sale desk (lib/sale-desk/flags). Each raises its own rule and no
// other: it stays at or under 3 times the high estimate (but `far-over-estimate`), within the
// burst limit (but `burst`), and so on; and each waits, answering null, until the sale offers
// what it needs (a lot with bids, one just closed, four open lots in one sale...).
// Pure: randomness and times are passed in.
import type { BidPlaced } from '../lib/sale-desk/bid-messages.ts';
import { incrementAt, nextBidAt } from '../lib/sale-desk/bid-increments.ts';
import { flagThresholds, type FlagRule } from '../lib/sale-desk/flags/flag-rules.ts';
import {
  bidMessage,
  bidOn,
  chooseBidder,
  paddles,
  pick,
  stepsAbove,
  type OpenLot,
  type Room,
} from './lot-bidding.ts';

export interface AnomalyReport {
  kind: FlagRule;
  auctionId: string;
  lotIds: string[];
  paddles: string[];
}

/** What the patterns may use of the sale. */
export interface World {
  /** Open lots of every sale. */
  open(): readonly OpenLot[];
  /** The lots closed lately, with when, newest last. */
  closed(): readonly { lot: OpenLot; at: number }[];
}

/** A pattern being played: one step per call; null once it cannot go on (its lot closed). */
export interface Play {
  report: AnomalyReport;
  /** The lot it holds: ordinary bidding leaves it alone meanwhile. */
  lot: OpenLot | null;
  step(at: number): { bids: BidPlaced[]; done: boolean } | null;
}

/** Bids the alternating pair places: the rule fires at its threshold, one more for margin. */
const pingPongBids = flagThresholds['ping-pong'].consecutiveBids + 1;
/** How far below its high estimate a lot may be for `ping-pong` to climb past it first. */
const maxClimb = 10;
/** How long after a close a `late` bid may still come. */
const lateWithinMs = 5_000;

const limitOf = (lot: OpenLot) =>
  flagThresholds['far-over-estimate'].highEstimateMultiple * lot.item.highEstimate;
const minimumBid = (lot: OpenLot) =>
  lot.high === null ? lot.item.startingBid : nextBidAt(lot.high, lot.item.currency);

function once(kind: FlagRule, lot: OpenLot, bids: BidPlaced[]): Play {
  const report = {
    kind,
    auctionId: lot.item.auctionId,
    lotIds: [...new Set(bids.map((bid) => bid.lotId))],
    paddles: [...new Set(bids.map((bid) => bid.bidder))],
  };
  return { report, lot: null, step: () => ({ bids, done: true }) };
}

export interface PatternsOptions {
  room: Room;
  world: World;
  tickMs: number;
}

/** Per rule, a function that starts its pattern at `at`, or answers null when it cannot yet. */
export function createPatterns({ room, world, tickMs }: PatternsOptions) {
  const { random, activity } = room;
  const shuffled = <T>(items: readonly T[]) =>
    items
      .map((item) => ({ item, order: random() }))
      .sort((a, b) => a.order - b.order)
      .map(({ item }) => item);
  /** Open lots that stay open `ticks` more ticks at least, in random order. */
  const biddable = (at: number, ticks = 3) =>
    shuffled(world.open().filter((lot) => lot.closesAt - at > ticks * tickMs));

  /** One bid on the first lot where `plan` finds an amount and a bidder. */
  function firstFit(
    kind: FlagRule,
    at: number,
    plan: (lot: OpenLot) => { amount: number; bidder: string | null } | null,
  ): Play | null {
    for (const lot of biddable(at)) {
      const found = plan(lot);
      if (found === null || found.bidder === null) continue;
      return once(kind, lot, [bidOn(lot, found.bidder, found.amount, at, room)]);
    }
    return null;
  }

  const patterns: Record<FlagRule, (at: number) => Play | null> = {
    // Six to eight increments over the high bid at once.
    jump: (at) =>
      firstFit('jump', at, (lot) => {
        if (lot.high === null) return null;
        const amount = stepsAbove(lot.high, 6 + Math.floor(random() * 3), lot.item.currency);
        return amount > limitOf(lot)
          ? null
          : { amount, bidder: chooseBidder(lot, amount, at, room) };
      }),
    // The high bid again, or one increment under it: a bid the platform should have refused.
    'not-higher': (at) =>
      firstFit('not-higher', at, (lot) => {
        if (lot.high === null) return null;
        const under = lot.high - incrementAt(lot.high, lot.item.currency);
        const amount = random() < 0.5 || under < 1 ? lot.high : under;
        return { amount, bidder: chooseBidder(lot, lot.high, at, room) };
      }),
    // The leader bids one increment over its own high bid.
    'self-raise': (at) =>
      firstFit('self-raise', at, (lot) => {
        if (lot.high === null || lot.leader === null) return null;
        const amount = nextBidAt(lot.high, lot.item.currency);
        const { auctionId, lotId } = lot.item;
        const may = amount <= limitOf(lot) && activity.mayBid(auctionId, lot.leader, lotId, at);
        return may ? { amount, bidder: lot.leader } : null;
      }),
    // The underbidder's bid arrives after the close. Void: it changes nothing and counts nowhere.
    late: (at) => {
      const last = world.closed().at(-1);
      if (!last || at - last.at > lateWithinMs) return null;
      const { lot } = last;
      const bidder = lot.recent.length > 1 ? lot.recent[0]! : pick(paddles, random);
      return once('late', lot, [bidMessage(lot.item, bidder, minimumBid(lot), at, room.uuid())]);
    },
    'ping-pong': (at) => pingPong(at),
    // One idle paddle bids on four open lots of one sale at the same moment.
    burst: (at) => {
      const bySale = Map.groupBy(biddable(at), (lot) => lot.item.auctionId);
      for (const lots of bySale.values()) {
        const chosen = lots
          .filter((lot) => minimumBid(lot) <= limitOf(lot))
          .slice(0, flagThresholds.burst.lots);
        if (chosen.length < flagThresholds.burst.lots) continue;
        const auctionId = chosen[0]!.item.auctionId;
        const idle = paddles.filter(
          (paddle) =>
            activity.isIdle(auctionId, paddle, at) && chosen.every((lot) => lot.leader !== paddle),
        );
        if (idle.length === 0) continue;
        const paddle = pick(idle, random);
        const bids = chosen.map((lot) => bidOn(lot, paddle, minimumBid(lot), at, room));
        return once('burst', chosen[0]!, bids);
      }
      return null;
    },
    // A sleeper: the first bid on a lot, above 3 times its high estimate; the room follows a bit.
    'far-over-estimate': (at) =>
      firstFit('far-over-estimate', at, (lot) => {
        if (lot.high !== null) return null;
        const amount = nextBidAt(limitOf(lot), lot.item.currency);
        const bidder = chooseBidder(lot, amount, at, room);
        // Above the limit already, the room may go on: the rule fires once per lot.
        if (bidder !== null) lot.ceiling = amount * (1.05 + 0.2 * random());
        return { amount, bidder };
      }),
  };

  /**
   * Two paddles alternate at the minimum increment past the high estimate, with no third: first
   * the room climbs past the estimate (other paddles, one increment each), then the pair bids.
   */
  function pingPong(at: number): Play | null {
    for (const lot of biddable(at, 2 * (maxClimb + pingPongBids) + 4)) {
      if (lot.high === null) continue;
      const { currency, highEstimate, auctionId, lotId } = lot.item;
      let climb = 0;
      for (let amount = lot.high; amount <= highEstimate && climb <= maxClimb; climb += 1)
        amount = nextBidAt(amount, currency);
      if (climb > maxClimb || stepsAbove(lot.high, climb + pingPongBids, currency) > limitOf(lot))
        continue;
      const pair = shuffled(paddles)
        .filter((paddle) => paddle !== lot.leader && activity.mayBid(auctionId, paddle, lotId, at))
        .slice(0, 2);
      if (pair.length < 2) continue;
      let placed = 0;
      const step = (now: number) => {
        // Closed under it: cut short, unless the flag has fired already (then it is played).
        if (!world.open().includes(lot))
          return placed >= pingPongBids - 1 ? { bids: [], done: true } : null;
        const amount = nextBidAt(lot.high!, currency);
        const climbing = lot.high! <= highEstimate;
        const bidder = climbing ? chooseBidder(lot, amount, now, room, pair) : pair[placed % 2]!;
        // Nobody may bid this tick without a burst: the pattern waits a tick.
        if (bidder === null || !activity.mayBid(auctionId, bidder, lotId, now))
          return { bids: [], done: false };
        if (!climbing) placed += 1;
        return { bids: [bidOn(lot, bidder, amount, now, room)], done: placed === pingPongBids };
      };
      return {
        report: { kind: 'ping-pong', auctionId, lotIds: [lotId], paddles: pair },
        lot,
        step,
      };
    }
    return null;
  }

  return patterns;
}
