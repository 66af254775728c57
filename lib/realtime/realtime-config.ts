import * as z from 'zod/mini';

/** The one channel bids travel on; its presence counts the staff watching. */
export const bidsChannel = 'bids';
/**
 * The console's own news to signed-in browsers (flags raised and reviewed, contract §14): only
 * the console's server publishes on it, the platform never reads it.
 */
export const staffChannel = 'staff';
/**
 * The user id the console's recorder subscribes with (docs/product-contract.md §13): it is not
 * staff watching, and the count leaves it out (staff-watching.ts).
 */
export const recorderUserId = 'gavel-recorder';

/** What `GET /api/realtime/config` gives the browser: never a publish or secret key. */
export const realtimeConfigSchema = z.object({
  subscribeKey: z.string().check(z.minLength(1)),
  origin: z.string().check(z.minLength(1)),
  ssl: z.boolean(),
  /** Access Manager token (read on `bids`), when the deployment grants them. */
  token: z.nullable(z.string()),
  /** How long the token lives; the browser fetches a new one before it expires. */
  tokenTtlSeconds: z.nullable(z.int().check(z.positive())),
  cipherKey: z.nullable(z.string()),
  channel: z.string(),
  /** Where the console's server announces flags raised and reviewed. */
  staffChannel: z.string(),
});
export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;

/** When to fetch a fresh token: at 80 % of its life, never sooner than 30 s. */
export function tokenRefreshDelayMs(ttlSeconds: number): number {
  return Math.max(30, Math.floor(ttlSeconds * 0.8)) * 1000;
}
