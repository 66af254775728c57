import type { BidPlaced } from './bid-messages';

/** A bid as the console keeps it: the message and the timetoken that orders it. */
export interface StoredBid extends BidPlaced {
  timetoken: string;
}

/** Bids of one sale published in one second (epoch seconds), counted where they were recorded. */
export interface EarlierCount {
  second: number;
  auctionId: string;
  bids: number;
}

/** One delivered message: the SDK's payload, its timetoken, and its decryption error if any. */
export interface IncomingMessage {
  timetoken: string;
  payload: unknown;
  error?: string | null;
}
