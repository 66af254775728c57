// An agreement's lot as the record tells it (docs/product-contract.md §14): the catalogue entry,
// its state (hammer, underbidder, bids, bidders, reserve), its sale's title and its flags with
// their reviews, so a supervisor decides with the lot's story in view.
import * as z from 'zod/mini';
import { recordedLotSchema } from './lot';
import { recordedFlagSchema } from './recorded-flag';

export const lotStorySchema = z.extend(recordedLotSchema, {
  saleTitle: z.string(),
  /** Oldest first, each with its reviews. */
  flags: z.array(recordedFlagSchema),
});
export type LotStory = z.infer<typeof lotStorySchema>;
