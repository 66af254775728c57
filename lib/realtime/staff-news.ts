// What the console's server publishes on the `staff` channel (docs/product-contract.md §14): a
// flag raised or reviewed, whole, so every signed-in console shows it within 2 s. The platform
// never sees this channel. Validated on arrival like every realtime message.
import * as z from 'zod/mini';
import { recordedFlagSchema, type RecordedFlag } from '@/lib/sales/recorded-flag';

export const staffNewsSchema = z.object({
  type: z.enum(['flag.raised', 'flag.reviewed']),
  flag: recordedFlagSchema,
});
export type StaffNews = z.infer<typeof staffNewsSchema>;

export const flagRaised = (flag: RecordedFlag): StaffNews => ({ type: 'flag.raised', flag });
export const flagReviewed = (flag: RecordedFlag): StaffNews => ({ type: 'flag.reviewed', flag });

/** A message of `staff`, or null when it is not one this console knows (ignored, never thrown). */
export function parseStaffNews(payload: unknown): StaffNews | null {
  const parsed = staffNewsSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}
