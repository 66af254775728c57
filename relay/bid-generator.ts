// Realistic auction traffic for the simulator: several sales, lots with rising bids by increment,
// bidders outbidding each other, and lots closing after a while, sold to the last bidder (onSold
// gives the agreement) or now and then passed unsold. Pure: randomness, ids and clock are injected.
import type { PlatformAgreement } from './agreement-ingest.ts';

export interface BidPlaced {
  type: 'bid.placed';
  v: 1;
  bidId: string;
  auctionId: string;
  lotId: string;
  lotTitle: string;
  bidder: string;
  amount: number;
  currency: string;
  placedAt: string;
}

export interface LotClosed {
  type: 'lot.closed';
  v: 1;
  auctionId: string;
  lotId: string;
  winningBidId: string | null;
  closedAt: string;
}

interface Sale {
  auctionId: string;
  currency: string;
  titles: string[];
  /** Opening amounts, minor units. */
  openingRange: [number, number];
}

const sales: Sale[] = [
  {
    auctionId: 'paris-modern-art-2026',
    currency: 'EUR',
    titles: [
      'Composition in blue',
      'Nu couché',
      'Le port de Honfleur',
      'Study for a portrait',
      'Untitled (red)',
    ],
    openingRange: [200_000, 2_000_000],
  },
  {
    auctionId: 'london-watches-2026',
    currency: 'GBP',
    titles: [
      'Patek Philippe ref. 2499',
      'Rolex Daytona 6263',
      'Omega Speedmaster 1957',
      'Cartier Tank Cintrée',
    ],
    openingRange: [500_000, 5_000_000],
  },
  {
    auctionId: 'new-york-classic-cars-2026',
    currency: 'USD',
    titles: [
      '1961 Jaguar E-Type',
      '1955 Mercedes 300 SL',
      '1967 Ford Mustang Shelby GT500',
      '1963 Aston Martin DB5',
    ],
    openingRange: [5_000_000, 50_000_000],
  },
];

const bidders = [
  'Paddle 101',
  'Paddle 118',
  'Paddle 204',
  'Paddle 233',
  'Paddle 305',
  'Paddle 342',
  'Phone 7',
  'Online 5521',
  'Online 8830',
];

/** The usual auctioneer's increments: about 5 to 10 % of the amount, rounded. */
export function incrementFor(amountMinor: number): number {
  if (amountMinor < 100_000) return 5_000;
  if (amountMinor < 500_000) return 20_000;
  if (amountMinor < 2_000_000) return 100_000;
  if (amountMinor < 10_000_000) return 500_000;
  return 1_000_000;
}

/** The share of lots that close without a bid. */
const passedShare = 0.08;

interface OpenLot {
  sale: Sale;
  lotId: string;
  lotTitle: string;
  amount: number;
  leader: string | null;
  lastBidId: string | null;
  bidsLeft: number;
}

export interface GeneratorOptions {
  random: () => number;
  uuid: () => string;
  now: () => Date;
  /** Lots open at once across the sales. */
  openLots?: number;
  /** Called with the agreement of each lot that closes with a winning bid, before its lot.closed. */
  onSold?: (agreement: PlatformAgreement) => void;
}

export function createBidGenerator({ random, uuid, now, openLots = 6, onSold }: GeneratorOptions) {
  let lotCounter = 0;
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;

  function openLot(): OpenLot {
    const sale = sales[lotCounter % sales.length]!;
    lotCounter += 1;
    const [low, high] = sale.openingRange;
    const opening = Math.round((low + random() * (high - low)) / 10_000) * 10_000;
    return {
      sale,
      lotId: `lot-${String(lotCounter).padStart(4, '0')}`,
      lotTitle: pick(sale.titles),
      amount: opening,
      leader: null,
      lastBidId: null,
      // Now and then a lot passes without a bid (bought in): it closes unsold, with no agreement.
      bidsLeft: random() < passedShare ? 0 : 5 + Math.floor(random() * 20),
    };
  }

  const lots: OpenLot[] = Array.from({ length: openLots }, openLot);

  /** The next event: usually a bid, sometimes a lot closing (and a new lot opening). */
  return function next(): BidPlaced | LotClosed {
    const index = Math.floor(random() * lots.length);
    const lot = lots[index]!;
    if (lot.bidsLeft <= 0) {
      lots[index] = openLot();
      const closedAt = now().toISOString();
      if (lot.lastBidId !== null && lot.leader !== null) {
        onSold?.({
          // Lot numbers start again at lot-0001 when the relay restarts; the winning bid's uuid
          // keeps the id unique across restarts, so the console's idempotence never merges two sales.
          platformId: `${lot.sale.auctionId}:${lot.lotId}:${lot.lastBidId}`,
          auctionId: lot.sale.auctionId,
          lotId: lot.lotId,
          lotTitle: lot.lotTitle,
          buyer: lot.leader,
          amount: lot.amount,
          currency: lot.sale.currency,
          closedAt,
        });
      }
      return {
        type: 'lot.closed',
        v: 1,
        auctionId: lot.sale.auctionId,
        lotId: lot.lotId,
        winningBidId: lot.lastBidId,
        closedAt,
      };
    }
    const bidder = pick(bidders.filter((name) => name !== lot.leader));
    lot.amount = lot.leader === null ? lot.amount : lot.amount + incrementFor(lot.amount);
    lot.leader = bidder;
    lot.lastBidId = uuid();
    lot.bidsLeft -= 1;
    return {
      type: 'bid.placed',
      v: 1,
      bidId: lot.lastBidId,
      auctionId: lot.sale.auctionId,
      lotId: lot.lotId,
      lotTitle: lot.lotTitle,
      bidder,
      amount: lot.amount,
      currency: lot.sale.currency,
      placedAt: now().toISOString(),
    };
  };
}
