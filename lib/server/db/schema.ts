// Tables of the console. No `server-only` here: drizzle-kit loads this file outside Next to
// generate migrations. It holds definitions only, no secret, and only server code imports it.
import {
  bigint,
  boolean,
  bigserial,
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
import { defaultRole, roles } from '../../auth/roles';
import { flagStates } from '../../sale-desk/flags/flag-review';

export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuid('id').primaryKey(),
    /** Trimmed and lower-cased at every entry point. */
    loginId: text('login_id').notNull().unique(),
    displayName: text('display_name').notNull(),
    /** argon2id PHC string (`$argon2id$...`). */
    passwordHash: text('password_hash').notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the account may do (lib/auth/roles.ts). Every creation path names it; the default is the
     * least privilege. Accounts that existed before roles became `admin` (migration 0004).
     */
    role: text('role', { enum: roles }).notNull().default(defaultRole),
    /** A temporary password (added, or reset by an admin) is changed before anything else (§15). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (table) => [
    check('staff_accounts_role_check', sql`${table.role} in ('clerk', 'supervisor', 'admin')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** The public id: the client's access token id. Never the secret. */
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the 256-bit secret that only the cookie carries. */
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** Absolute expiry: created + 12 h. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** The browser's User-Agent at sign-in (cut to 300 characters): how staff tell sessions apart. */
    userAgent: text('user_agent'),
    /** When the password was last entered for this session: sign-in or re-authentication (§15). */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }),
  },
  (table) => [index('sessions_account_id_idx').on(table.accountId)],
);

/** Failed sign-ins, counted per login id and per client address over a sliding window. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loginId: text('login_id').notNull(),
    clientAddress: text('client_address'),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
    /** Set when the login id signs in: no longer counts for the login id, still for the address. */
    forgivenAt: timestamp('forgiven_at', { withTimezone: true }),
    /**
     * The device cookie's id when the attempt came from a browser that signed in to this login id
     * before (§15): such failures count in that device's own allowance, not the account's.
     */
    deviceId: text('device_id'),
  },
  (table) => [
    index('sign_in_failures_login_idx').on(table.loginId, table.failedAt),
    index('sign_in_failures_address_idx').on(table.clientAddress, table.failedAt),
  ],
);

/** One approval of an agreement waiting for its second: who gave it and when. */
export interface StoredApproval {
  accountId: string;
  loginId: string;
  displayName: string;
  /** ISO 8601. */
  at: string;
}

/**
 * Sale agreements produced by closed lots, received from the auction platform. `seq` orders them
 * for keyset pagination: ingests are serialised, so it grows in commit order.
 */
export const agreements = pgTable(
  'agreements',
  {
    id: uuid('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    /** The platform's own id: ingest is idempotent on it. */
    platformId: text('platform_id').notNull().unique(),
    auctionId: text('auction_id').notNull(),
    lotId: text('lot_id').notNull(),
    lotTitle: text('lot_title').notNull(),
    buyer: text('buyer').notNull(),
    /** Minor units of `currency` (cents, pence). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** Optimistic concurrency: every decision must name the version it saw. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByAccountId: uuid('decided_by_account_id').references(() => staffAccounts.id),
    /** Login id of the decider, kept as it was at the decision. */
    decidedBy: text('decided_by'),
    decidedByName: text('decided_by_name'),
    reason: text('reason'),
    /**
     * Approvals given while the agreement waits for its second (four-eyes, contract §12), oldest
     * first; emptied when it is reopened. Every approval is in the decision log too.
     */
    approvals: jsonb('approvals').$type<StoredApproval[]>().notNull().default([]),
    /**
     * Lot title, lot id, sale id and buyer, one a line, in lower case without accents: what `q`
     * searches through a trigram index (migration 0005, docs/adr/0012-agreement-search.md).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`search_fold("lot_title" || E'\\n' || "lot_id" || E'\\n' || "auction_id" || E'\\n' || "buyer")`,
      ),
  },
  (table) => [
    index('agreements_status_seq_idx').on(table.status, table.seq),
    // The list's orders (sort=closedAt, amount, either way) page on these without sorting.
    index('agreements_status_closed_at_seq_idx').on(table.status, table.closedAt, table.seq),
    index('agreements_status_amount_seq_idx').on(table.status, table.amount, table.seq),
    index('agreements_auction_id_status_idx').on(table.auctionId, table.status),
    // fastupdate off: no pending list, which PGlite (no autovacuum) would never merge and the
    // planner would price as a full read, choosing a scan over the index.
    index('agreements_search_text_idx')
      .using('gin', table.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    check('agreements_status_check', sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check('agreements_amount_check', sql`${table.amount} >= 0`),
  ],
);

/** Append-only (a trigger refuses updates and deletes): every decision, who made it and why. */
export const agreementDecisions = pgTable(
  'agreement_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => staffAccounts.id),
    loginId: text('login_id').notNull(),
    displayName: text('display_name').notNull(),
    /** `reopen`: a supervisor sent a decided agreement back to pending (contract §12). */
    decision: text('decision', { enum: ['approve', 'reject', 'reopen'] }).notNull(),
    reason: text('reason'),
    statusBefore: text('status_before', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    statusAfter: text('status_after', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    versionBefore: integer('version_before').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('agreement_decisions_agreement_idx').on(table.agreementId, table.id),
    check(
      'agreement_decisions_decision_check',
      sql`${table.decision} in ('approve', 'reject', 'reopen')`,
    ),
  ],
);

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

/**
 * The activity log (contract §15): who did what, when, to whom; written in the transaction of the
 * change it records. Names are copied in: the log reads the same after an account is renamed.
 * Never a password or a token.
 */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    /** The account that acted; null for a sign-in attempt with an unknown login id. */
    actorId: uuid('actor_id'),
    /** The login id that acted or was tried (a failed sign-in's). */
    actorLoginId: text('actor_login_id').notNull(),
    actorName: text('actor_name'),
    /** What it was done to: a login id, an agreement id, a flag id. */
    subject: text('subject'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('activity_events_at_idx').on(table.at, table.id),
    index('activity_events_actor_idx').on(table.actorLoginId, table.at),
    index('activity_events_kind_idx').on(table.kind, table.at),
  ],
);
