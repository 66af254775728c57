// Staff accounts, their sessions and failed sign-ins (contract §15).
// Table definitions only, re-exported by ../schema.ts; no `server-only`: drizzle-kit loads them
// outside Next (see ../schema.ts).
import {
  boolean,
  bigserial,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { defaultRole, roles } from '../../../auth/roles';

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
