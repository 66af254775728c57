import 'server-only';
// `POST /api/flags/{id}/review` (contract §14): the outcome and a note of 1 to 500 characters.
import { z } from 'zod';
import { reviewOutcomes } from '@/lib/sale-desk/flags/flag-review';
import { withoutControlCharactersButLines } from '@/lib/validation/control-characters';

export const flagNoteLength = { min: 1, max: 500 } as const;

export const reviewBodySchema = z.strictObject({
  outcome: z.enum(reviewOutcomes, { message: 'outcome must be "cleared" or "escalated"' }),
  note: z
    .string({ message: 'note is required: say what you checked' })
    .trim()
    .min(flagNoteLength.min, 'note is required: say what you checked')
    .max(flagNoteLength.max, `note is at most ${flagNoteLength.max} characters`)
    .regex(withoutControlCharactersButLines, 'note must not contain control characters'),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

/**
 * A flag id as the recorder makes them (lib/sale-desk/flags/flag.ts): rule, sale, lot and bid ids,
 * each bounded by the ingest; longer is no flag (404, not a read).
 */
export const flagIdSchema = z.string().min(1).max(400);
