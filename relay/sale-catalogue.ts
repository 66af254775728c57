// The simulator's sales and how it writes each lot's catalogue entry (docs/product-contract.md
// §11). Two car sales offer lots with the same titles, so that a console that keyed lots by title
// rather than by (auctionId, lotId) would visibly mix them. Pure: randomness is injected.
import { currencyFractionDigits } from '../lib/realtime/money.ts';
import { incrementAt } from '../lib/sale-desk/bid-increments.ts';
import type { PlatformLot } from './lot-ingest.ts';

/** A piece a sale offers now and then: its title and estimate, in major units. */
interface Piece {
  title: string;
  low: number;
  high: number;
}

export interface SaleDefinition {
  auctionId: string;
  saleTitle: string;
  currency: string;
  /** Lots open for bidding at once: a timed sale closes them one after another. */
  openAtOnce: number;
  /** Offered in turn, by lot number, so each title comes back every `pieces.length` lots. */
  pieces: Piece[];
}

export const sales: SaleDefinition[] = [
  {
    auctionId: 'paris-modern-art-2026',
    saleTitle: 'Modern & Contemporary Art, Paris',
    currency: 'EUR',
    // Four at once: enough for one paddle to reach four lots of a sale (the `burst` pattern).
    openAtOnce: 4,
    pieces: [
      { title: 'Composition in blue', low: 8_000, high: 12_000 },
      { title: 'Nu couché', low: 15_000, high: 25_000 },
      { title: 'Le port de Honfleur', low: 30_000, high: 50_000 },
      { title: 'Study for a portrait', low: 60_000, high: 90_000 },
      { title: 'Untitled (red)', low: 4_000, high: 6_000 },
      { title: 'Nature morte aux citrons', low: 2_000, high: 3_000 },
    ],
  },
  {
    auctionId: 'london-watches-2026',
    saleTitle: 'Important Watches, London',
    currency: 'GBP',
    openAtOnce: 3,
    pieces: [
      { title: 'Patek Philippe ref. 2499', low: 400_000, high: 600_000 },
      { title: 'Rolex Daytona 6263', low: 80_000, high: 120_000 },
      { title: 'Omega Speedmaster 1957', low: 20_000, high: 30_000 },
      { title: 'Cartier Tank Cintrée', low: 10_000, high: 15_000 },
      { title: 'Audemars Piguet Royal Oak 5402', low: 50_000, high: 70_000 },
    ],
  },
  {
    auctionId: 'new-york-classic-cars-2026',
    saleTitle: 'Classic Cars, New York',
    currency: 'USD',
    openAtOnce: 2,
    pieces: [
      { title: '1961 Jaguar E-Type', low: 150_000, high: 200_000 },
      { title: '1955 Mercedes 300 SL', low: 1_100_000, high: 1_400_000 },
      { title: '1967 Ford Mustang Shelby GT500', low: 180_000, high: 240_000 },
      { title: '1963 Aston Martin DB5', low: 700_000, high: 900_000 },
    ],
  },
  {
    auctionId: 'monaco-classic-cars-2026',
    saleTitle: 'Classic Cars, Monaco',
    currency: 'EUR',
    openAtOnce: 2,
    pieces: [
      { title: '1967 Ford Mustang Shelby GT500', low: 160_000, high: 220_000 },
      { title: '1973 Porsche 911 Carrera RS 2.7', low: 500_000, high: 650_000 },
      { title: '1961 Jaguar E-Type', low: 140_000, high: 180_000 },
      { title: '1955 Porsche 356 Speedster', low: 250_000, high: 350_000 },
    ],
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
 * Lot `lotNumber` of the sale: estimates around its piece's, a starting bid at half to 70 % of
 * the low estimate, and a reserve at 80 to 100 % of it (or none); all on the increment grid.
 * `closesAt` is when the simulator will close it; the catalogue publishes it for most lots only.
 */
export function catalogueLot(
  sale: SaleDefinition,
  lotNumber: number,
  closesAt: number,
  random: () => number,
): PlatformLot {
  const piece = sale.pieces[(lotNumber - 1) % sale.pieces.length]!;
  const scale = 10 ** currencyFractionDigits(sale.currency);
  const factor = estimateFactors[Math.floor(random() * estimateFactors.length)]!;
  const lowEstimate = roundDown(piece.low * factor * scale, sale.currency);
  const highEstimate = Math.max(lowEstimate, roundDown(piece.high * factor * scale, sale.currency));
  const reserve =
    random() < noReserveShare
      ? null
      : roundDown(lowEstimate * (0.8 + 0.2 * random()), sale.currency);
  return {
    auctionId: sale.auctionId,
    saleTitle: sale.saleTitle,
    lotId: lotIdOf(lotNumber),
    lotNumber,
    lotTitle: piece.title,
    currency: sale.currency,
    lowEstimate,
    highEstimate,
    reserve,
    startingBid: roundDown(lowEstimate * (0.5 + 0.2 * random()), sale.currency),
    scheduledCloseAt: random() < noCloseShare ? null : new Date(closesAt).toISOString(),
  };
}
