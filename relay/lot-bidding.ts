// One open lot of the simulator and its ordinary bidding: bids rise from the starting bid by the
// increment table (mostly one increment, sometimes two or three) among a few interested paddles,
// up to what the room will pay, and the lot closes sold to its leader if the reserve is met.
// Ordinary bidding raises no flag of lib/sale-desk/flags: no jump (at most three increments), no
// bid at or below the high bid, no leader raising itself, no bid after the close, past the high
// estimate never one of the last two high bidders (so no two paddles alternate: no `ping-pong`),
// no paddle on too many lots at once (paddle-activity.ts: no `burst`), and never more than
// 2.1 times the low estimate (so never above 3 times the high estimate). anomalies.ts breaks
// these on purpose. Pure: randomness, ids and times are passed in.
import type { BidPlaced, LotClosed } from '../lib/sale-desk/bid-messages.ts';
import { nextBidAt } from '../lib/sale-desk/bid-increments.ts';
import type { PlatformAgreement } from './agreement-ingest.ts';
import type { PlatformLot } from './lot-ingest.ts';
import type { PaddleActivity } from './paddle-activity.ts';

/** Bidders of every sale (paddle numbers are per sale: "Paddle 101" in two sales is two people). */
export const paddles = [
  'Paddle 101',
  'Paddle 118',
  'Paddle 204',
  'Paddle 233',
  'Paddle 305',
  'Paddle 342',
  'Paddle 417',
  'Paddle 456',
  'Phone 3',
  'Phone 7',
  'Phone 9',
  'Online 5521',
  'Online 6174',
  'Online 7702',
  'Online 8830',
  'Online 9145',
];

/** What bidding needs from its surroundings. */
export interface Room {
  random: () => number;
  uuid: () => string;
  activity: PaddleActivity;
}

export interface OpenLot {
  item: PlatformLot;
  /** When the simulator closes it (epoch ms): the scheduled close, published or not. */
  closesAt: number;
  /** The paddles interested in it; others join when none of them may bid. */
  bidders: string[];
  /** The most the room will pay (minor units): ordinary bidding stops below it. */
  ceiling: number;
  high: number | null;
  highBidId: string | null;
  leader: string | null;
  /** The last two high bidders, newest last. */
  recent: string[];
}

/** The share of lots nobody bids on (they pass unsold). */
const noBidShare = 0.05;

export const pick = <T>(items: readonly T[], random: () => number): T =>
  items[Math.floor(random() * items.length)]!;

export function openLot(item: PlatformLot, closesAt: number, random: () => number): OpenLot {
  const pool = [...paddles];
  const bidders = Array.from(
    { length: 3 + Math.floor(random() * 3) },
    () => pool.splice(Math.floor(random() * pool.length), 1)[0]!,
  );
  const ceiling = random() < noBidShare ? 0 : item.lowEstimate * (0.6 + 1.5 * random());
  return {
    item,
    closesAt,
    bidders,
    ceiling,
    high: null,
    highBidId: null,
    leader: null,
    recent: [],
  };
}

/** `steps` increments over `amount`, each the increment of the band the walk stands in. */
export function stepsAbove(amount: number, steps: number, currency: string): number {
  let result = amount;
  for (let step = 0; step < steps; step += 1) result = nextBidAt(result, currency);
  return result;
}

export function bidMessage(
  item: PlatformLot,
  bidder: string,
  amount: number,
  at: number,
  bidId: string,
): BidPlaced {
  return {
    type: 'bid.placed',
    v: 1,
    bidId,
    auctionId: item.auctionId,
    lotId: item.lotId,
    lotTitle: item.lotTitle,
    bidder,
    amount,
    currency: item.currency,
    placedAt: new Date(at).toISOString(),
  };
}

/** A bid on an open lot: a higher one leads. Recorded, as the flags engine counts it for bursts. */
export function bidOn(lot: OpenLot, bidder: string, amount: number, at: number, room: Room) {
  const bid = bidMessage(lot.item, bidder, amount, at, room.uuid());
  if (lot.high === null || amount > lot.high) {
    lot.high = amount;
    lot.highBidId = bid.bidId;
    lot.leader = bidder;
    lot.recent = [...lot.recent, bidder].slice(-2);
  }
  room.activity.record(lot.item.auctionId, bidder, lot.item.lotId, at);
  return bid;
}

/**
 * A paddle that may bid `amount` now without raising a flag: not the leader, not one of the last
 * two high bidders past the high estimate, not on too many lots; an interested one if possible.
 */
export function chooseBidder(
  lot: OpenLot,
  amount: number,
  at: number,
  room: Room,
  exclude: readonly string[] = [],
): string | null {
  const { auctionId, lotId, highEstimate } = lot.item;
  const shunned = new Set([...exclude, ...(lot.leader === null ? [] : [lot.leader])]);
  if (amount > highEstimate) lot.recent.forEach((paddle) => shunned.add(paddle));
  const fits = (paddle: string) =>
    !shunned.has(paddle) && room.activity.mayBid(auctionId, paddle, lotId, at);
  const interested = lot.bidders.filter(fits);
  if (interested.length > 0) return pick(interested, room.random);
  const newcomers = paddles.filter((paddle) => !lot.bidders.includes(paddle) && fits(paddle));
  if (newcomers.length === 0) return null;
  const joining = pick(newcomers, room.random);
  lot.bidders.push(joining);
  return joining;
}

/** The opening bid is the starting bid; then one increment, now and then two or three. */
const minimumBid = (lot: OpenLot) =>
  lot.high === null ? lot.item.startingBid : nextBidAt(lot.high, lot.item.currency);

/** The room has reached what it will pay: the lot waits for its close. */
export const isSpent = (lot: OpenLot) => minimumBid(lot) > lot.ceiling;

export function ordinaryBid(lot: OpenLot, at: number, room: Room): BidPlaced | null {
  if (isSpent(lot)) return null;
  const draw = room.random();
  const steps = lot.high === null ? 0 : draw < 0.75 ? 0 : draw < 0.95 ? 1 : 2;
  let amount = minimumBid(lot);
  for (let step = 0; step < steps; step += 1) {
    const further = nextBidAt(amount, lot.item.currency);
    if (further > lot.ceiling) break;
    amount = further;
  }
  const bidder = chooseBidder(lot, amount, at, room);
  return bidder === null ? null : bidOn(lot, bidder, amount, at, room);
}

/** The close: sold to the leader when the reserve is met (or there is none), else unsold. */
export function closeLot(
  lot: OpenLot,
  at: number,
): { closed: LotClosed; agreement: PlatformAgreement | null } {
  const { item, high, leader, highBidId } = lot;
  const sold =
    high !== null && leader !== null && highBidId !== null && high >= (item.reserve ?? 0);
  const closedAt = new Date(at).toISOString();
  const closed: LotClosed = {
    type: 'lot.closed',
    v: 1,
    auctionId: item.auctionId,
    lotId: item.lotId,
    winningBidId: sold ? highBidId : null,
    closedAt,
  };
  if (!sold) return { closed, agreement: null };
  return {
    closed,
    agreement: {
      // Lot ids are unique per sale across restarts (the numbering resumes); the winning bid's
      // uuid keeps platformIds unique even where it does not (a fresh data folder, same console).
      platformId: `${item.auctionId}:${item.lotId}:${highBidId}`,
      auctionId: item.auctionId,
      lotId: item.lotId,
      lotTitle: item.lotTitle,
      buyer: leader,
      amount: high,
      currency: item.currency,
      closedAt,
    },
  };
}
