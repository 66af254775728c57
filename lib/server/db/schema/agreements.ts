// Sale agreements from the platform and their append-only decision log (contract §12).
// Table definitions only, re-exported by ../schema.ts; no `server-only`: drizzle-kit loads them
// outside Next (see ../schema.ts).
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { staffAccounts } from './staff';

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
