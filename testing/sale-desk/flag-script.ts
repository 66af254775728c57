import type { BidPlaced, LotClosed } from '@/lib/sale-desk/bid-messages';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import {
  createFlagsEngine,
  type FlagsEngine,
  type FlagsEngineOptions,
} from '@/lib/sale-desk/flags/flags-engine';
import type { CatalogueLookup } from '@/lib/sale-desk/flags/rule-input';

/** 2026-11-21T10:00:00.000Z, the start of every scripted sale. */
export const T0 = Date.parse('2026-11-21T10:00:00.000Z');

/** A distinct, valid (v4-shaped) UUID per number; `bidNumber` reads it back. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
export const bidNumber = (bidId: string) => Number.parseInt(bidId.slice(-12), 16);

export type Step =
  | {
      paddle: string;
      amount: number;
      lot?: string;
      auction?: string;
      currency?: string;
      /** ms after T0; by default 2 s per step. */
      at?: number;
      /** Bid number; by default the step's (1-based), so flags name steps. */
      id?: number;
    }
  | { close: string; auction?: string; winning?: number | null }
  | { open: string; auction?: string };

export function bidOf(step: Extract<Step, { paddle: string }>, index: number): BidPlaced {
  const lotId = step.lot ?? 'lot-1';
  return {
    type: 'bid.placed',
    v: 1,
    bidId: uuid(step.id ?? index + 1),
    auctionId: step.auction ?? 'auction-1',
    lotId,
    lotTitle: `Title of ${lotId}`,
    bidder: step.paddle,
    amount: step.amount,
    currency: step.currency ?? 'EUR',
    placedAt: new Date(T0 + (step.at ?? index * 2_000)).toISOString(),
  };
}

const closedOf = (step: Extract<Step, { close: string }>, index: number): LotClosed => ({
  type: 'lot.closed',
  v: 1,
  auctionId: step.auction ?? 'auction-1',
  lotId: step.close,
  winningBidId: step.winning == null ? null : uuid(step.winning),
  closedAt: new Date(T0 + index * 2_000).toISOString(),
});

/** High estimates (minor units) of `auction-1`'s lots; other lots are unknown to the catalogue. */
export const estimates =
  (highEstimates: Record<string, number>): CatalogueLookup =>
  (auctionId, lotId) => {
    const highEstimate = auctionId === 'auction-1' ? highEstimates[lotId] : undefined;
    return highEstimate === undefined ? undefined : { highEstimate };
  };

export type SaleMessage =
  | { kind: 'bid'; bid: BidPlaced }
  | { kind: 'closed'; closed: LotClosed }
  | { kind: 'opened'; opened: { auctionId: string; lotId: string } };

/** The steps as messages; `idOffset` keeps bid ids apart from another script's. */
export function scriptMessages(steps: Step[], idOffset = 0): SaleMessage[] {
  return steps.map((step, index) => {
    if ('paddle' in step)
      return { kind: 'bid', bid: bidOf({ ...step, id: (step.id ?? index + 1) + idOffset }, index) };
    if ('close' in step) return { kind: 'closed', closed: closedOf(step, index) };
    return { kind: 'opened', opened: { auctionId: step.auction ?? 'auction-1', lotId: step.open } };
  });
}

/** Feeds the messages to the engine; answers the flags they raised, in raise order. */
export function play(engine: FlagsEngine, messages: SaleMessage[]): Flag[] {
  return messages.flatMap((message) => {
    if (message.kind === 'bid') return engine.onBid(message.bid);
    if (message.kind === 'closed') engine.onLotClosed(message.closed);
    else engine.onLotOpened(message.opened);
    return [];
  });
}

/** Plays the steps through a new engine; answers every flag raised, in raise order. */
export const runScript = (steps: Step[], options: FlagsEngineOptions = {}): Flag[] =>
  play(createFlagsEngine(options), scriptMessages(steps));

/** A flag as a table row reads it: the bids as step numbers. */
export const summary = (flag: Flag) => ({
  rule: flag.rule,
  lot: flag.lotId,
  paddles: flag.paddles,
  bids: flag.bidIds.map(bidNumber),
});
