// A season of pending agreements for the search benchmarks: 20 kinds of lot (accents included:
// "Crème", "Château", "Fabergé"), 10 sales of 10,000 lots each in blocks of 500, buyers by paddle
// and by name. Deterministic, so every run and both databases search the same rows.
import { randomUUID } from 'node:crypto';

const sales = [
  ['london-watches-2026', 'GBP'],
  ['paris-design-2026', 'EUR'],
  ['geneva-jewels-2026', 'CHF'],
  ['new-york-cars-2026', 'USD'],
  ['hong-kong-ceramics-2026', 'HKD'],
  ['london-wine-2026', 'GBP'],
  ['paris-prints-2026', 'EUR'],
  ['monaco-classics-2026', 'EUR'],
  ['vienna-silver-2026', 'EUR'],
  ['new-york-books-2026', 'USD'],
];

/** One in 20 rows of each kind; the numbers vary with the row, as lot titles do. */
const lotTitles = [
  (i) => `Crème brûlée dish, Sèvres porcelain, no. ${i % 400}`,
  (i) => `Ming dynasty blue and white vase, ${1368 + (i % 276)}`,
  (i) => `Ford Mustang ${1964 + (i % 7)} convertible`,
  (i) => `Patek Philippe ref. ${2400 + (i % 200)} chronograph`,
  (i) => `Omega Speedmaster Professional ${1957 + (i % 60)}`,
  (i) => `Château Lafite Rothschild ${1945 + (i % 75)}, 12 bottles`,
  (i) => `Nu couché, oil on canvas, ${1900 + (i % 120)}`,
  (i) => `Jaguar E-Type Série 1, ${1961 + (i % 8)}`,
  () => 'Bibliothèque Empire bookcase, mahogany',
  (i) => `Rolex Daytona "Paul Newman" ref. ${6239 + (i % 3)}`,
  () => 'Tiffany Favrile glass lamp',
  (i) => `Hermès Birkin ${[25, 30, 35][i % 3]}, crocodile`,
  () => 'Qing dynasty famille rose bowl',
  (i) => `Porsche 911 Carrera RS 2.7, ${1972 + (i % 2)}`,
  () => 'Pièce de forme, Émile Gallé vase',
  () => 'Cartier Tank Louis, 18k gold',
  (i) => `Georgian silver tea service, London ${1760 + (i % 60)}`,
  () => 'Dalí lithograph, signed and numbered',
  () => 'Kandinsky study, gouache on paper',
  (i) => `Lalique crystal vase "Bacchantes", ${1927 + (i % 20)}`,
];
/** A rare lot: one row in 2,000 (50 of 100,000). */
const rareTitle = 'Fabergé imperial egg, gold and enamel';
const buyerNames = ['Zoë Müller', 'François Lefèvre', 'Ana Muñoz', 'Søren Dahl', 'Chloé Martin'];

export function catalogueRow(index) {
  const [auctionId, currency] = sales[Math.floor(index / 500) % sales.length];
  return {
    id: randomUUID(),
    platformId: `search-bench-${index}`,
    auctionId,
    lotId: `lot-${String(index).padStart(6, '0')}`,
    lotTitle: index % 2000 === 7 ? rareTitle : lotTitles[index % lotTitles.length](index),
    buyer:
      index % 5 === 0
        ? buyerNames[(index / 5) % buyerNames.length]
        : `${['Paddle', 'Online', 'Phone', 'Absentee'][index % 4]} ${index % 997}`,
    amount: 10_000 + ((index * 7919) % 5_000_000),
    currency,
    closedAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
  };
}

/**
 * Writes rows `from` to `from + count - 1` as pending agreements, `batch` rows per INSERT (plain
 * drizzle, not the ingest: no lock, no answer to build). `agreements` is the schema's table.
 */
export async function loadCatalogue(db, agreements, { from = 0, count, batch = 1_000 }) {
  for (let start = from; start < from + count; start += batch) {
    const size = Math.min(batch, from + count - start);
    await db
      .insert(agreements)
      .values(Array.from({ length: size }, (_, k) => catalogueRow(start + k)));
  }
}
