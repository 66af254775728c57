import * as z from 'zod/mini';

/** The one channel bids travel on (SPEC 10). */
export const bidsChannel = 'bids';

/** What `GET /api/realtime/config` gives the browser: never a publish or secret key. */
export const realtimeConfigSchema = z.object({
  subscribeKey: z.string().check(z.minLength(1)),
  origin: z.string().check(z.minLength(1)),
  ssl: z.boolean(),
  /** Access Manager token (read on `bids`), when the deployment grants them. */
  token: z.nullable(z.string()),
  cipherKey: z.nullable(z.string()),
  channel: z.string(),
});
export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;
