import 'server-only';
import type { ServerEnv } from '@/lib/env';
import type { IngestItem } from '@/lib/server/agreements/agreement-input';
import { ingestAgreements } from '@/lib/server/agreements/ingest';
import type { Database } from '@/lib/server/db/database';

const samples: ReadonlyArray<Omit<IngestItem, 'platformId' | 'closedAt'> & { hoursAgo: number }> = [
  {
    auctionId: 'paris-modern-art-2026',
    lotId: 'lot-0012',
    lotTitle: 'Nu couché',
    buyer: 'Paddle 118',
    amount: 1_450_000,
    currency: 'EUR',
    hoursAgo: 26,
  },
  {
    auctionId: 'paris-modern-art-2026',
    lotId: 'lot-0015',
    lotTitle: 'Le port de Honfleur',
    buyer: 'Online 5521',
    amount: 820_000,
    currency: 'EUR',
    hoursAgo: 20,
  },
  {
    auctionId: 'london-watches-2026',
    lotId: 'lot-0021',
    lotTitle: 'Patek Philippe ref. 2499',
    buyer: 'Phone 7',
    amount: 4_300_000,
    currency: 'GBP',
    hoursAgo: 9,
  },
  {
    auctionId: 'london-watches-2026',
    lotId: 'lot-0024',
    lotTitle: 'Omega Speedmaster 1957',
    buyer: 'Paddle 204',
    amount: 960_000,
    currency: 'GBP',
    hoursAgo: 7,
  },
  {
    auctionId: 'new-york-classic-cars-2026',
    lotId: 'lot-0031',
    lotTitle: '1961 Jaguar E-Type',
    buyer: 'Paddle 342',
    amount: 21_500_000,
    currency: 'USD',
    hoursAgo: 5,
  },
  {
    auctionId: 'new-york-classic-cars-2026',
    lotId: 'lot-0033',
    lotTitle: '1963 Aston Martin DB5',
    buyer: 'Online 8830',
    amount: 48_000_000,
    currency: 'USD',
    hoursAgo: 3,
  },
  {
    auctionId: 'paris-modern-art-2026',
    lotId: 'lot-0040',
    lotTitle: 'Study for a portrait',
    buyer: 'Paddle 101',
    amount: 2_750_000,
    currency: 'EUR',
    hoursAgo: 2,
  },
  {
    auctionId: 'london-watches-2026',
    lotId: 'lot-0042',
    lotTitle: 'Cartier Tank Cintrée',
    buyer: 'Paddle 233',
    amount: 610_000,
    currency: 'GBP',
    hoursAgo: 1,
  },
];

/**
 * The embedded default's sample agreements, so `/agreements` has something to review on a fresh
 * clone. Fixed platform ids: ingest is idempotent, so a restart adds nothing. Never with a real
 * database or in production.
 */
export async function ensureSampleAgreements(
  db: Database,
  env: ServerEnv,
  now = new Date(),
): Promise<void> {
  if (env.databaseUrl || env.appEnv === 'production') return;
  const { created } = await ingestAgreements(
    db,
    samples.map(({ hoursAgo, ...sample }, index) => ({
      ...sample,
      platformId: `sample-${String(index + 1).padStart(4, '0')}`,
      closedAt: new Date(now.getTime() - hoursAgo * 3_600_000).toISOString(),
    })),
  );
  if (created > 0) console.info(`gavel: ${created} sample agreements added for review`);
}
