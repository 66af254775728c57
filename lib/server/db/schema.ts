// Tables of the console. No `server-only` here: drizzle-kit loads this file outside Next to
// generate migrations. It holds definitions only, no secret, and only server code imports it.
import { index, pgTable, text, timestamp, uuid, bigserial } from 'drizzle-orm/pg-core';

export const staffAccounts = pgTable('staff_accounts', {
  id: uuid('id').primaryKey(),
  /** Trimmed and lower-cased at every entry point. */
  loginId: text('login_id').notNull().unique(),
  displayName: text('display_name').notNull(),
  /** argon2id PHC string (`$argon2id$...`). */
  passwordHash: text('password_hash').notNull(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
  },
  (table) => [
    index('sign_in_failures_login_idx').on(table.loginId, table.failedAt),
    index('sign_in_failures_address_idx').on(table.clientAddress, table.failedAt),
  ],
);
