// The simulator's sales and how it writes each lot's catalogue entry (docs/product-contract.md
// §11). Two car sales offer lots with the same titles, so that a console that keyed lots by title
// rather than by (auctionId, lotId) would visibly mix them; within a session no title comes twice.
// A lot's title follows from its session and lot number alone, so a restarted run that catalogues
// a lot again gives it the same title. Pure: randomness is injected.
import { currencyFractionDigits } from '../lib/sale-desk/money.ts';
import { incrementAt } from '../lib/sale-desk/bid-increments.ts';
import type { PlatformLot } from './lot-ingest.ts';
import { monacoCars, modernArt, newYorkCars, titleOf, watches, type Piece } from './sale-pieces.ts';
import { hashOf, shuffled } from './sale-seed.ts';
import type { SaleSession } from './sale-sessions.ts';

export interface SaleDefinition {
  /** The auctionId of its first session; later ones add `-2`, `-3`… (sale-sessions.ts). */
  auctionId: string;
  /** Its name: each session's title adds which session it is. */
  saleTitle: string;
  currency: string;
  /** Lots open for bidding at once: a timed sale closes them one after another. */
  openAtOnce: number;
  /** What it offers: each example (a piece in one variant) at most once a session. */
  pieces: Piece[];
}

export const sales: SaleDefinition[] = [
  {
    auctionId: 'paris-modern-art-2026',
    saleTitle: 'Modern & Contemporary Art, Paris',
    currency: 'EUR',
    // Four at once: enough for one paddle to reach four lots of a sale (the `burst` pattern).
    openAtOnce: 4,
    pieces: modernArt,
  },
  {
    auctionId: 'london-watches-2026',
    saleTitle: 'Important Watches, London',
    currency: 'GBP',
    openAtOnce: 3,
    pieces: watches,
  },
  {
    auctionId: 'new-york-classic-cars-2026',
    saleTitle: 'Classic Cars, New York',
    currency: 'USD',
    openAtOnce: 2,
    pieces: newYorkCars,
  },
  {
    auctionId: 'monaco-classic-cars-2026',
    saleTitle: 'Classic Cars, Monaco',
    currency: 'EUR',
    openAtOnce: 2,
    pieces: monacoCars,
  },
];

/** Lot ids follow the lot number, so a restart that resumes the numbering never reuses an id. */
export const lotIdOf = (lotNumber: number) => `lot-${String(lotNumber).padStart(4, '0')}`;

/** Down onto the increment table's grid (at least one increment): the round figures of a sale. */
function roundDown(amount: number, currency: string): number {
  const step = incrementAt(amount, currency);
  return Math.max(step, Math.floor(amount / step) * step);
}

/** Now and then an estimate a little lower or higher than the piece's usual one. */
const estimateFactors = [0.8, 1, 1, 1.25];
/** The share of lots offered without reserve, and without a published close time. */
const noReserveShare = 0.25;
const noCloseShare = 0.2;

/**
 * The piece and title of lot `lotNumber` of the session: the sale's examples in an order drawn
 * from the session's auctionId, one per lot, so sessions differ and none repeats a title.
 */
export function exampleAt(session: SaleSession, lotNumber: number) {
  const examples = session.sale.pieces.flatMap((piece) =>
    piece.variants.map((variant) => ({ piece, title: titleOf(piece, variant) })),
  );
  const order = shuffled(examples, hashOf(session.auctionId));
  const index = lotNumber - 1;
  const example = order[index % order.length]!;
  // Not reached (a session has at most 80 lots, each sale more examples): a longer session would
  // offer its examples again, told apart by a number, rather than repeat a title.
  const round = Math.floor(index / order.length);
  return round === 0 ? example : { ...example, title: `${example.title} (${round + 1})` };
}

/**
 * Lot `lotNumber` of the session: estimates around its piece's, a starting bid at half to 70 % of
 * the low estimate, and a reserve at 80 to 100 % of it (or none); all on the increment grid.
 * `closesAt` is when the simulator will close it; the catalogue publishes it for most lots only.
 */
export function catalogueLot(
  session: SaleSession,
  lotNumber: number,
  closesAt: number,
  random: () => number,
): PlatformLot {
  const { currency } = session.sale;
  const { piece, title } = exampleAt(session, lotNumber);
  const scale = 10 ** currencyFractionDigits(currency);
  const factor = estimateFactors[Math.floor(random() * estimateFactors.length)]!;
  const lowEstimate = roundDown(piece.low * factor * scale, currency);
  const highEstimate = Math.max(lowEstimate, roundDown(piece.high * factor * scale, currency));
  const reserve =
    random() < noReserveShare ? null : roundDown(lowEstimate * (0.8 + 0.2 * random()), currency);
  return {
    auctionId: session.auctionId,
    saleTitle: session.saleTitle,
    lotId: lotIdOf(lotNumber),
    lotNumber,
    lotTitle: title,
    currency,
    lowEstimate,
    highEstimate,
    reserve,
    startingBid: roundDown(lowEstimate * (0.5 + 0.2 * random()), currency),
    scheduledCloseAt: random() < noCloseShare ? null : new Date(closesAt).toISOString(),
  };
}
