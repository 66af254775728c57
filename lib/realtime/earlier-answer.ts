import * as z from 'zod/mini';
import type { EarlierCount, IncomingMessage } from '@/lib/sale-desk/stored-messages';

/**
 * What `GET /api/realtime/earlier` answers: the newest messages of `bids`, oldest first, each as
 * the record or history holds it (a payload the SDK could not decrypt has its `error`). The
 * payloads are validated as every message is, when the store ingests them. From the record
 * (docs/product-contract.md §13) it adds the bids before them counted per second and sale, and
 * `recordedThrough`, from which the browser reads on.
 */
export const earlierAnswerSchema = z.object({
  messages: z.array(
    z.object({
      timetoken: z.string().check(z.regex(/^\d{1,20}$/)),
      payload: z.unknown(),
      error: z.optional(z.nullable(z.string())),
    }),
  ),
  earlierCounts: z.optional(
    z.array(
      z.object({
        second: z.number().check(z.int(), z.nonnegative()),
        auctionId: z.string(),
        bids: z.number().check(z.int(), z.positive()),
      }),
    ),
  ),
  recordedThrough: z.optional(z.nullable(z.string().check(z.regex(/^\d{1,20}$/)))),
});

/** The first load's read: the messages to replay, and what the rates count before them. */
export interface EarlierRead {
  messages: IncomingMessage[];
  earlierCounts: EarlierCount[];
}

export const earlierReadOf = (answer: z.infer<typeof earlierAnswerSchema>): EarlierRead => ({
  messages: answer.messages.map(({ timetoken, payload, error }) => ({ timetoken, payload, error })),
  earlierCounts: answer.earlierCounts ?? [],
});
