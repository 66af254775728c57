// The activity log's table, re-exported by ../schema.ts; no `server-only`: drizzle-kit loads it
// outside Next (see ../schema.ts).
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
