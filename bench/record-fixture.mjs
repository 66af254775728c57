// The sale-record benchmark's data (bench/record.mjs): catalogues written straight into `lots`, and
// a season of recorded sales made by SQL (`insert … select generate_series`): 1,000,000 bids over
// 40 sales, one of them a 500-lot sale of 25,000 bids, with every lot's state in `lot_records` as
// the recorder would have left it (lib/sale-desk/lot-record.ts). Plain JavaScript with a `pg`
// client: no TypeScript needed. Deterministic, so every run reads the same rows.

/** The sale whose reads are timed: 500 lots, 25,000 bids (50 a lot). */
export const bigSale = { auctionId: 'record-bench-big', lots: 500 };
export const season = { sales: 40, bidsPerSale: 25_000, otherSaleLots: 200 };
/** 2025-11-24T16:00:00Z: the season's first bid; bids 50 ms apart, sale after sale. */
const seasonStartMs = 1_764_000_000_000;
const bidSpacingMs = 50;

/** The tables the recorder writes: emptied between the parts of the benchmark. */
export const recordTables = [
  'sale_messages',
  'rejected_messages',
  'lot_records',
  'sale_flags',
  'recorder_cursor',
];

export async function emptyRecord(client, { catalogue = false } = {}) {
  const tables = catalogue ? [...recordTables, 'lots'] : recordTables;
  await client.query(`truncate ${tables.join(', ')}`);
}

/** A catalogue as `POST /api/platform/lots` takes it (bench/bench-sale.mjs), into `lots` directly. */
export async function insertCatalogue(client, catalogue) {
  const rows = catalogue.map((lot) => ({
    auction_id: lot.auctionId,
    sale_title: lot.saleTitle,
    lot_id: lot.lotId,
    lot_number: lot.lotNumber,
    lot_title: lot.lotTitle,
    currency: lot.currency,
    low_estimate: lot.lowEstimate,
    high_estimate: lot.highEstimate,
    reserve: lot.reserve,
    starting_bid: lot.startingBid,
    scheduled_close_at: lot.scheduledCloseAt,
  }));
  const columns = Object.keys(rows[0]).join(', ');
  await client.query(
    `insert into lots (${columns}) select ${columns} from json_populate_recordset(null::lots, $1::json)
     on conflict (auction_id, lot_id) do nothing`,
    [JSON.stringify(rows)],
  );
}

// The season's sales: sale 0 is the big one; the others have 200 lots each. Lot l (1-based) of a
// sale of L lots takes the sale's k-th bid when k % L = l - 1, as its (k div L)-th bid, so each lot
// of the big sale has 50 bids and each of the others 125. Paddles take turns on a lot (4 a lot),
// so every bid outbids the one before and the underbidder is the paddle before the leader.
const salesTable = `
  create temporary table record_bench_sales on commit preserve rows as
  select s,
         case when s = 0 then '${bigSale.auctionId}' else 'record-bench-' || lpad(s::text, 2, '0') end
           as auction_id,
         'Record bench sale ' || s as sale_title,
         case when s = 0 then ${bigSale.lots} else ${season.otherSaleLots} end as lot_count,
         (array['EUR', 'GBP', 'USD'])[1 + s % 3] as currency
  from generate_series(0, ${season.sales - 1}) s`;

// The opening bid of lot l, in minor units, and the step of each bid after it.
const startOf = (l) => `(array[30000, 120000, 400000, 1500000, 6000000])[1 + ${l} % 5]::bigint`;
// The season's n-th bid: its publish time, timetoken, id (a v4-shaped uuid) and ISO time.
const msOf = (n) => `(${seasonStartMs}::bigint + (${n})::bigint * ${bidSpacingMs})`;
const timetokenOf = (n) => `(${msOf(n)} * 10000)::text`;
const bidIdOf = (n) =>
  `(select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid
     from md5('record-bench-bid-' || (${n})) h)`;
const isoOf = (ms) =>
  `to_char(to_timestamp(${ms} / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const paddleOf = (l, j) => `'Paddle ' || (${l} * 10 + (${j}) % 4)`;
const lotIdOf = (l) => `'lot-' || lpad(${l}::text, 4, '0')`;

const lotsInsert = `
  insert into lots (auction_id, sale_title, lot_id, lot_number, lot_title, currency, low_estimate,
                    high_estimate, reserve, starting_bid, scheduled_close_at)
  select s.auction_id, s.sale_title, ${lotIdOf('l')}, l, 'Record bench lot ' || l, s.currency,
         ${startOf('l')} * 2, ${startOf('l')} * 3,
         case when l % 3 = 0 then null else ${startOf('l')} * 16 / 10 end, ${startOf('l')},
         case when l % 2 = 0 then timestamptz '2026-11-27T18:00:00Z' end
  from record_bench_sales s cross join lateral generate_series(1, s.lot_count) l`;

const messagesInsert = (sales) => `
  insert into sale_messages (timetoken, type, auction_id, lot_id, bid_id, bidder, amount, currency,
                             payload, published_at, recorded_at)
  select b.timetoken, 'bid.placed', b.auction_id, b.lot_id, b.bid_id, b.bidder, b.amount, b.currency,
         jsonb_build_object('type', 'bid.placed', 'v', 1, 'bidId', b.bid_id, 'auctionId', b.auction_id,
           'lotId', b.lot_id, 'lotTitle', 'Record bench lot ' || b.l, 'bidder', b.bidder,
           'amount', b.amount, 'currency', b.currency, 'placedAt', ${isoOf('b.ms')}),
         to_timestamp(b.ms / 1000.0), to_timestamp(b.ms / 1000.0) + interval '150 milliseconds'
  from (
    select s.auction_id, s.currency, x.l, ${lotIdOf('x.l')} as lot_id, ${timetokenOf('x.n')} as timetoken,
           ${msOf('x.n')} as ms, ${bidIdOf('x.n')} as bid_id, ${paddleOf('x.l', 'x.j')} as bidder,
           ${startOf('x.l')} + x.j * (${startOf('x.l')} / 10) as amount
    from record_bench_sales s
    cross join lateral generate_series(0, ${season.bidsPerSale - 1}) k
    cross join lateral (select s.s * ${season.bidsPerSale} + k as n, 1 + k % s.lot_count as l,
                               k / s.lot_count as j) x
    where s.s between ${sales[0]} and ${sales[1]}
  ) b`;

// Each lot's state as the reducer leaves it after its bids: one in ten still open, one in ten
// passed (closed without a winner), the rest sold to the last bidder; closed just after the last bid.
const lotRecordsInsert = `
  insert into lot_records (auction_id, lot_id, record, last_timetoken, status, currency, hammer)
  select r.auction_id, r.lot_id,
         jsonb_build_object(
           'auctionId', r.auction_id, 'lotId', r.lot_id, 'lotTitle', 'Record bench lot ' || r.l,
           'currency', r.currency, 'highBid', r.high_bid, 'highBidId', r.last_bid_id,
           'leader', r.leader, 'underbidder', r.underbidder, 'bids', r.bids, 'lateBids', 0,
           'paddles', jsonb_build_array(${[0, 1, 2, 3].map((j) => paddleOf('r.l', j)).join(', ')}),
           'lastBidAt', ${isoOf('r.last_ms')}, 'openedAt', ${isoOf('r.first_ms - 1000')},
           'closesAt', null,
           'closedAt', case when r.status = 'open' then null else ${isoOf('r.last_ms + 1000')} end,
           'closedTimetoken', r.closed_timetoken,
           'winningBidId', case when r.status = 'sold' then r.last_bid_id end,
           'hammer', case when r.status = 'sold' then r.high_bid end,
           'buyer', case when r.status = 'sold' then r.leader end,
           'lastTimetoken', coalesce(r.closed_timetoken, r.last_timetoken)),
         coalesce(r.closed_timetoken, r.last_timetoken), r.status, r.currency,
         case when r.status = 'sold' then r.high_bid end
  from (
    select t.*,
           case when t.status = 'open' then null
                else ((${msOf('t.last_n')}) * 10000 + 1)::text end as closed_timetoken
    from (
      select s.auction_id, s.currency, l, ${lotIdOf('l')} as lot_id, bids,
             case when l % 10 = 0 then 'open' when l % 10 = 1 then 'passed' else 'sold' end as status,
             ${startOf('l')} + (bids - 1) * (${startOf('l')} / 10) as high_bid,
             ${paddleOf('l', 'bids - 1')} as leader, ${paddleOf('l', 'bids - 2')} as underbidder,
             ${msOf('first_n')} as first_ms, ${msOf('last_n')} as last_ms, last_n,
             ${timetokenOf('last_n')} as last_timetoken, ${bidIdOf('last_n')} as last_bid_id
      from record_bench_sales s
      cross join lateral generate_series(1, s.lot_count) l
      cross join lateral (select ${season.bidsPerSale} / s.lot_count as bids) b
      cross join lateral (select s.s * ${season.bidsPerSale} + (l - 1) as first_n,
                                 s.s * ${season.bidsPerSale} + (bids - 1) * s.lot_count + (l - 1)
                                   as last_n) n
    ) t
  ) r`;

/**
 * Empties the record and the catalogue, then writes the season: 40 sales (8,300 lots), 1,000,000
 * bids, every lot's state and the cursor; analyses. Answers the seconds each step took.
 */
export async function fillSeason(client, { onStep = () => undefined } = {}) {
  const seconds = {};
  const step = async (name, sql) => {
    const started = performance.now();
    await client.query(sql);
    seconds[name] = +((performance.now() - started) / 1000).toFixed(1);
    onStep(name, seconds[name]);
  };
  await emptyRecord(client, { catalogue: true });
  await client.query('drop table if exists record_bench_sales');
  await client.query(salesTable);
  await step('lots', lotsInsert);
  // Ten statements of 100,000 bids: progress to watch, and no one transaction holding it all.
  const perStatement = 4;
  const started = performance.now();
  for (let first = 0; first < season.sales; first += perStatement)
    await client.query(messagesInsert([first, first + perStatement - 1]));
  seconds.saleMessages = +((performance.now() - started) / 1000).toFixed(1);
  onStep('sale_messages', seconds.saleMessages);
  await step('lotRecords', lotRecordsInsert);
  await step(
    'cursor',
    `insert into recorder_cursor (id, through)
     select 1, max(last_timetoken) from lot_records
     on conflict (id) do update set through = excluded.through`,
  );
  await step('analyze', 'analyze');
  await client.query('drop table record_bench_sales');
  const [counts] = (
    await client.query(`select (select count(*) from sale_messages)::int as messages,
      (select count(*) from lots)::int as lots, (select count(*) from lot_records)::int as records,
      pg_total_relation_size('sale_messages') as bytes`)
  ).rows;
  return { ...counts, saleMessagesMb: Math.round(Number(counts.bytes) / 1024 / 1024), seconds };
}
