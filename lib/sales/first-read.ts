// What `/dash?sale=ID` is rendered with (docs/product-contract.md §13): read by the page's server
// render (lib/server/sales/desk-first-read.ts), taken by the sale desk and the bid store before
// any request, then the browser reads on from `recordedThrough`.
import type { EarlierCount, IncomingMessage } from '@/lib/sale-desk/stored-messages';
import type { DeskCatalogue } from './lot';

export interface FirstRead {
  /** The focused sale alone, with its lots' state; the desk's next read brings every sale. */
  catalogue: DeskCatalogue;
  /** The newest messages recorded, oldest first: the feed's. */
  messages: IncomingMessage[];
  /** The bids before those messages, counted per second and sale: the rates'. */
  earlierCounts: EarlierCount[];
  /** How far the record reaches: the browser reads history on from here, then subscribes. */
  recordedThrough: string;
}
