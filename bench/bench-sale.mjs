// The benchmarks' sale: a catalogue the console ingests, and a room that bids on it the way an
// honest room does (docs/product-contract.md §11), so the flags engine evaluates every rule on
// realistic bids and stays mostly quiet, as it would at a real rostrum. Plain JavaScript, so the
// browser bench can use it without a TypeScript loader; bench/flags-cost.mjs feeds the same bids
// to the app's own engine.

export const benchAuctionId = 'bench-sale';
export const benchSaleTitle = 'Bench sale';

/** A small seeded PRNG (mulberry32): the same seed gives the same room on every run. */
function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// The increment table of §11 in major units; the bench sells in EUR (100 minor units a euro).
// bench/flags-cost.mjs checks these bids against the app's table: no `jump`, no `not-higher`.
const incrementBands = [
  [1_000, 50],
  [2_000, 100],
  [5_000, 200],
  [10_000, 500],
  [20_000, 1_000],
  [50_000, 2_000],
  [100_000, 5_000],
  [200_000, 10_000],
  [Number.POSITIVE_INFINITY, 20_000],
];
const euro = 100;

/** The smallest legal bid over a high bid of `amount` (minor units of EUR). */
export function nextBidAt(amount) {
  const [, increment] = incrementBands.find(([below]) => amount < below * euro);
  return amount + increment * euro;
}

// Opening bids in major units, as a saleroom's estimates spread from a few hundred euros up.
const openingsMajor = [300, 1_200, 4_000, 15_000, 60_000];

/**
 * `lotCount` lots of the bench sale, as `POST /api/platform/lots` takes them: EUR, estimates 2 and
 * 3 times the opening bid, a reserve on two lots in three, a close time two hours ahead on half.
 */
export function benchCatalogue(lotCount = 50, now = Date.now()) {
  return Array.from({ length: lotCount }, (_, index) => {
    const lotNumber = index + 1;
    const startingBid = openingsMajor[index % openingsMajor.length] * euro;
    return {
      auctionId: benchAuctionId,
      saleTitle: benchSaleTitle,
      lotId: `lot-${lotNumber}`,
      lotNumber,
      lotTitle: `Bench lot ${lotNumber}`,
      currency: 'EUR',
      lowEstimate: startingBid * 2,
      highEstimate: startingBid * 3,
      reserve: index % 3 === 2 ? null : Math.round(startingBid * 1.6),
      startingBid,
      scheduledCloseAt: index % 2 === 0 ? new Date(now + 2 * 3_600_000).toISOString() : null,
    };
  });
}

/** `lot.opened` for every lot of the catalogue: the board shows them open, with their countdown. */
export const lotOpenings = (catalogue, now = Date.now()) =>
  catalogue.map((lot) => ({
    type: 'lot.opened',
    v: 1,
    auctionId: lot.auctionId,
    lotId: lot.lotId,
    openedAt: new Date(now).toISOString(),
    closesAt: lot.scheduledCloseAt,
  }));

/**
 * Bids on every lot of `catalogue` at once (an online sale with all lots open), a lot picked at
 * random for each bid. Each lot has its own four paddles, so no paddle bids on four lots within
 * ten seconds (`burst`); a paddle never outbids itself (`self-raise`); past the high estimate the
 * bidder is neither of the last two, so two paddles never alternate alone (`ping-pong`); bids go
 * up by one increment, one in five by two (never a `jump` or a bid `not-higher`). The only flag
 * an honest room raises here is `far-over-estimate`, once per lot, after a long run of bids.
 */
export function createBenchRoom(catalogue, { seed = 20_261_123 } = {}) {
  const random = mulberry32(seed);
  const lots = catalogue.map((lot) => ({
    lot,
    highBid: null,
    bidders: [],
    paddles: [1, 2, 3, 4].map((k) => `Paddle ${lot.lotNumber * 10 + k}`),
  }));
  const pick = (items) => items[Math.floor(random() * items.length)];

  function nextAmount(state) {
    if (state.highBid === null) return state.lot.startingBid;
    const once = nextBidAt(state.highBid);
    return random() < 0.8 ? once : nextBidAt(once);
  }

  return {
    /** The next bid, `bid.placed` v1, placed at `placedAt` (epoch ms). */
    nextBid(placedAt, bidId = crypto.randomUUID()) {
      const state = pick(lots);
      const amount = nextAmount(state);
      const pastEstimate = amount > state.lot.highEstimate;
      const avoid = state.bidders.slice(pastEstimate ? -2 : -1);
      const bidder = pick(state.paddles.filter((paddle) => !avoid.includes(paddle)));
      state.highBid = amount;
      state.bidders = [...state.bidders.slice(-1), bidder];
      return {
        type: 'bid.placed',
        v: 1,
        bidId,
        auctionId: state.lot.auctionId,
        lotId: state.lot.lotId,
        lotTitle: state.lot.lotTitle,
        bidder,
        amount,
        currency: state.lot.currency,
        placedAt: new Date(placedAt).toISOString(),
      };
    },
  };
}
