import * as z from 'zod/mini';
import type { IncomingMessage } from './bid-store';

/**
 * What `GET /api/realtime/earlier` answers: the newest messages of `bids`, oldest first, each as
 * history holds it (a payload the SDK could not decrypt has its `error`). The payloads are
 * validated as every message is, when the store ingests them.
 */
export const earlierAnswerSchema = z.object({
  messages: z.array(
    z.object({
      timetoken: z.string().check(z.regex(/^\d{1,20}$/)),
      payload: z.unknown(),
      error: z.optional(z.nullable(z.string())),
    }),
  ),
});

export const messagesOf = (answer: z.infer<typeof earlierAnswerSchema>): IncomingMessage[] =>
  answer.messages.map(({ timetoken, payload, error }) => ({ timetoken, payload, error }));
