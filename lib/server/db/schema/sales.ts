// The platform's catalogue and the sale record (contract §13): messages, lot states, flags and
// their reviews (§14), and how far the recorder reaches.
// Table definitions only, re-exported by ../schema.ts; no `server-only`: drizzle-kit loads them
// outside Next (see ../schema.ts).
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { flagStates } from '../../../sale-desk/flags/flag-review';
import { staffAccounts } from './staff';

/**
 * The platform's catalogue: one row per lot, keyed by the platform's own ids. Every lot of a sale
 * carries the sale's title (the ingest renames them all together). Amounts are minor units of
 * `currency`, like `agreements.amount`.
 */
export const lots = pgTable(
  'lots',
  {
    auctionId: text('auction_id').notNull(),
    saleTitle: text('sale_title').notNull(),
    lotId: text('lot_id').notNull(),
    /** The running order in the saleroom, unique within the sale. */
    lotNumber: integer('lot_number').notNull(),
    lotTitle: text('lot_title').notNull(),
    currency: text('currency').notNull(),
    lowEstimate: bigint('low_estimate', { mode: 'number' }).notNull(),
    highEstimate: bigint('high_estimate', { mode: 'number' }).notNull(),
    /** Null: the lot is offered without reserve. */
    reserve: bigint('reserve', { mode: 'number' }),
    startingBid: bigint('starting_bid', { mode: 'number' }).notNull(),
    scheduledCloseAt: timestamp('scheduled_close_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moves only when a field really changes: a catalogue sent again leaves it alone. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.auctionId, table.lotId] }),
    // DEFERRABLE in the migration (drizzle cannot say it): one upsert may swap two lots' numbers.
    unique('lots_auction_lot_number_unique').on(table.auctionId, table.lotNumber),
    check('lots_lot_number_check', sql`${table.lotNumber} > 0`),
    check('lots_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('lots_low_estimate_check', sql`${table.lowEstimate} >= 0`),
    check('lots_estimate_order_check', sql`${table.lowEstimate} <= ${table.highEstimate}`),
    check('lots_reserve_check', sql`${table.reserve} >= 0`),
    check('lots_starting_bid_check', sql`${table.startingBid} >= 0`),
  ],
);

/**
 * The sale record (contract §13): every valid message of `bids`, once, keyed by its timetoken (a
 * 17-digit string: text compares them in order), in the order PubNub published them. A bid
 * published twice under one `bidId` is kept once, as the browser's store did.
 */
export const saleMessages = pgTable(
  'sale_messages',
  {
    timetoken: text('timetoken').primaryKey(),
    type: text('type', { enum: ['bid.placed', 'lot.opened', 'lot.closed'] }).notNull(),
    auctionId: text('auction_id').notNull(),
    lotId: text('lot_id').notNull(),
    /** Bids only: their id, paddle and amount (minor units of `currency`), for the lot's ladder. */
    bidId: uuid('bid_id'),
    bidder: text('bidder'),
    amount: bigint('amount', { mode: 'number' }),
    currency: text('currency'),
    /** The message as published (validated): what a replay or an audit reads. */
    payload: jsonb('payload').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sale_messages_bid_id_idx').on(table.bidId),
    // The ladder of one lot, newest first, in keyset pages.
    index('sale_messages_lot_idx')
      .on(table.auctionId, table.lotId, table.timetoken)
      .where(sql`${table.type} = 'bid.placed'`),
    index('sale_messages_published_at_idx').on(table.publishedAt),
    check('sale_messages_timetoken_check', sql`${table.timetoken} ~ '^[1-9][0-9]{16}$'`),
  ],
);

/** Messages of `bids` the record refused, kept aside with why: never a bid, never lost. */
export const rejectedMessages = pgTable(
  'rejected_messages',
  {
    timetoken: text('timetoken').primaryKey(),
    reason: text('reason', { enum: ['invalid', 'unknown-type', 'undecryptable'] }).notNull(),
    /** What was wrong, in a sentence (the first validation problems, the SDK's error). */
    detail: text('detail').notNull(),
    /** The payload as received, as JSON text, cut at 16 KiB. */
    payload: text('payload').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rejected_messages_recorded_at_idx').on(table.recordedAt)],
);

/**
 * Each lot's state as the record gives it (lib/sale-desk/lot-record.ts), kept up to date by the
 * recorder in the transaction that records its messages, so a sale read is one indexed query
 * however many bids the sale had.
 */
export const lotRecords = pgTable(
  'lot_records',
  {
    auctionId: text('auction_id').notNull(),
    lotId: text('lot_id').notNull(),
    /** The lot record as the pure reducer keeps it. */
    record: jsonb('record').notNull(),
    lastTimetoken: text('last_timetoken').notNull(),
    /** From the record, for the sales' figures: summed in SQL without reading each record. */
    status: text('status', { enum: ['open', 'sold', 'passed'] }).notNull(),
    currency: text('currency'),
    hammer: bigint('hammer', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.auctionId, table.lotId] }),
    check('lot_records_status_check', sql`${table.status} in ('open', 'sold', 'passed')`),
  ],
);

/** Flags raised by the recorder (contract §13): once each, with the bids that raised them. */
export const saleFlags = pgTable(
  'sale_flags',
  {
    id: text('id').primaryKey(),
    rule: text('rule').notNull(),
    auctionId: text('auction_id').notNull(),
    lotId: text('lot_id').notNull(),
    paddles: jsonb('paddles').$type<string[]>().notNull(),
    bidIds: jsonb('bid_ids').$type<string[]>().notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    /** The raising bid's timetoken: flags in publish order. */
    timetoken: text('timetoken').notNull(),
    /** `open` until reviewed (contract §14); its reviews are in `flag_reviews`. */
    state: text('state', { enum: flagStates }).notNull().default('open'),
  },
  (table) => [
    index('sale_flags_sale_idx').on(table.auctionId, table.timetoken),
    // The gate and the agreements' flag counts read a lot's flags.
    index('sale_flags_lot_idx').on(table.auctionId, table.lotId),
    check('sale_flags_state_check', sql`${table.state} in ('open', 'cleared', 'escalated')`),
  ],
);

/** Every review of a flag (contract §14): who, when, the outcome and the note; never changed. */
export const flagReviews = pgTable(
  'flag_reviews',
  {
    id: uuid('id').primaryKey(),
    flagId: text('flag_id')
      .notNull()
      .references(() => saleFlags.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: ['cleared', 'escalated'] }).notNull(),
    note: text('note').notNull(),
    accountId: uuid('account_id').references(() => staffAccounts.id),
    /** The reviewer's login id and name as they were at the review. */
    loginId: text('login_id').notNull(),
    displayName: text('display_name').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('flag_reviews_flag_idx').on(table.flagId, table.reviewedAt),
    check('flag_reviews_outcome_check', sql`${table.outcome} in ('cleared', 'escalated')`),
  ],
);

/** One row: how far the record reaches (the newest timetoken recorded or refused). */
export const recorderCursor = pgTable(
  'recorder_cursor',
  {
    id: integer('id').primaryKey(),
    through: text('through').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('recorder_cursor_one_row', sql`${table.id} = 1`)],
);
