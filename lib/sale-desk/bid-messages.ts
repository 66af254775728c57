import * as z from 'zod/mini';
// Relative, with its extension: the relay (plain Node) loads this module too.
import {
  withoutControlCharacters,
  withoutControlCharactersButLines,
} from '../validation/control-characters.ts';

// Text shown to staff holds no control character, as the API's (a C1 control or a right-to-left
// override in a paddle makes the message invalid, counted and never shown); a lot's title, which
// comes from the catalogue, may hold tabs and line breaks as the catalogue's may.
const text = (max: number) =>
  z.string().check(z.minLength(1), z.maxLength(max), z.regex(withoutControlCharacters));
const title = (max: number) =>
  z.string().check(z.minLength(1), z.maxLength(max), z.regex(withoutControlCharactersButLines));

/**
 * `bid.placed` v1 on `bids` (docs/product-contract.md §6.2). Amounts are integers in minor units.
 */
export const bidPlacedSchema = z.object({
  type: z.literal('bid.placed'),
  v: z.literal(1),
  bidId: z.uuid(),
  auctionId: text(100),
  lotId: text(100),
  lotTitle: title(300),
  bidder: text(120),
  amount: z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  placedAt: z.iso.datetime({ offset: true }),
});
export type BidPlaced = z.infer<typeof bidPlacedSchema>;

export const lotClosedSchema = z.object({
  type: z.literal('lot.closed'),
  v: z.literal(1),
  auctionId: text(100),
  lotId: text(100),
  winningBidId: z.nullable(z.uuid()),
  closedAt: z.iso.datetime({ offset: true }),
});
export type LotClosed = z.infer<typeof lotClosedSchema>;

/**
 * `lot.opened` v1 on `bids` (docs/product-contract.md §11): bidding on a lot starts. `closesAt` is
 * the lot's scheduled close, null when the catalogue gives none; present either way, so that a
 * message that forgot it is caught rather than read as "no close".
 */
export const lotOpenedSchema = z.object({
  type: z.literal('lot.opened'),
  v: z.literal(1),
  auctionId: text(100),
  lotId: text(100),
  openedAt: z.iso.datetime({ offset: true }),
  closesAt: z.nullable(z.iso.datetime({ offset: true })),
});
export type LotOpened = z.infer<typeof lotOpenedSchema>;

export type ClassifiedMessage =
  | { kind: 'bid'; bid: BidPlaced }
  | { kind: 'lot-closed'; closed: LotClosed }
  | { kind: 'lot-opened'; opened: LotOpened }
  | { kind: 'unknown-type' }
  | { kind: 'invalid' };

const knownTypes = new Set(['bid.placed', 'lot.closed', 'lot.opened']);

/** Sorts a payload into what the store uses, what it ignores (unknown types) and what is invalid. */
export function classifyMessage(payload: unknown): ClassifiedMessage {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return { kind: 'invalid' };
  const type = (payload as { type?: unknown }).type;
  if (typeof type === 'string' && !knownTypes.has(type)) return { kind: 'unknown-type' };
  const bid = bidPlacedSchema.safeParse(payload);
  if (bid.success) return { kind: 'bid', bid: bid.data };
  const closed = lotClosedSchema.safeParse(payload);
  if (closed.success) return { kind: 'lot-closed', closed: closed.data };
  const opened = lotOpenedSchema.safeParse(payload);
  if (opened.success) return { kind: 'lot-opened', opened: opened.data };
  return { kind: 'invalid' };
}
