import type { BidPlaced } from '@/lib/sale-desk/bid-messages';
import type { FlagDraft } from './flag';

/** What the flags need from the sale's catalogue; the lookup may answer more fields. */
export interface CatalogueLot {
  /** Minor units, like bid amounts. */
  highEstimate: number;
}

/** Undefined when the catalogue does not know the lot yet: rules that need it then stay quiet. */
export type CatalogueLookup = (auctionId: string, lotId: string) => CatalogueLot | undefined;

/** The current two-paddle alternation on a lot (see ping-pong-run.ts). */
export interface PingPongRun {
  /** One or two paddles, in the order they joined the run. */
  paddles: string[];
  lastPaddle: string;
  lastBidId: string;
  /** The run's first bids, at most as many as the rule needs (memory stays flat). */
  bidIds: string[];
  length: number;
}

/** What the engine remembers of one lot: constant size, whatever the number of its bids. */
export interface LotMemory {
  highBid: number | null;
  highBidId: string | null;
  leader: string | null;
  pingPong: PingPongRun | null;
  farOverEstimateFlagged: boolean;
}

/** A bid as the burst window keeps it: placedAt in epoch ms. */
export interface PaddleBid {
  at: number;
  lotKey: string;
  bidId: string;
}

/** One incoming bid and the state around it; every rule reads this and nothing else. */
export interface RuleInput {
  bid: BidPlaced;
  /** The lot before this bid. */
  lot: LotMemory;
  /** The lot after this bid. */
  lotAfter: LotMemory;
  /** Set when a `lot.closed` for this lot has arrived (and no `lot.opened` since). */
  closed: { winningBidId: string | null } | undefined;
  /** The bids of a burst this bid completed, or null. */
  burst: PaddleBid[] | null;
}

export type Rule = (input: RuleInput) => FlagDraft | null;
