import 'server-only';
import { z } from 'zod';
import { freeText, minorUnits, printableText } from '@/lib/server/http/field-schemas';
import { withoutControlCharacters } from '@/lib/validation/control-characters';

/** The database's `integer`, which holds the lot number. */
const maxLotNumber = 2_147_483_647;

export const maxLotBatch = 200;

/**
 * A scheduled close may be past (a catalogue sent again after the sale) or ahead, but not by more
 * than two years: sales are catalogued weeks ahead, and a year of 9999 with a negative offset is
 * year 10000 in UTC, which the database refuses.
 */
export function isPlausibleScheduledClose(closesAt: Date, now = new Date()): boolean {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 2);
  const time = closesAt.getTime();
  return time >= Date.UTC(1970, 0, 1) && time <= latest.getTime();
}

export const lotItemSchema = z
  .strictObject({
    auctionId: printableText('auctionId', 100),
    saleTitle: freeText('saleTitle', 200),
    lotId: printableText('lotId', 100),
    lotNumber: z
      .number()
      .int('lotNumber must be a positive integer')
      .min(1, 'lotNumber must be a positive integer')
      .max(maxLotNumber, 'lotNumber is too large'),
    lotTitle: freeText('lotTitle', 300),
    currency: z.string().regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code such as EUR'),
    lowEstimate: minorUnits('lowEstimate'),
    highEstimate: minorUnits('highEstimate'),
    /** Present in every item: null says "no reserve", a missing field is a mistake. */
    reserve: minorUnits('reserve').nullable(),
    startingBid: minorUnits('startingBid'),
    /** Normalised to UTC, so that one moment written two ways is one value. */
    scheduledCloseAt: z.iso
      .datetime({ offset: true, message: 'scheduledCloseAt must be an ISO 8601 date-time or null' })
      .refine(
        (value) => isPlausibleScheduledClose(new Date(value)),
        'scheduledCloseAt must be a moment from 1970 to two years from now',
      )
      .transform((value) => new Date(value).toISOString())
      .nullable(),
  })
  .refine((item) => item.lowEstimate <= item.highEstimate, {
    message: 'highEstimate must not be below lowEstimate',
    path: ['highEstimate'],
  });
export type LotItem = z.infer<typeof lotItemSchema>;

/** Identifies one lot, or one lot number, within its sale (no id holds a control character). */
export const lotKey = (auctionId: string, lotId: string) => `${auctionId}\u0000${lotId}`;
export const lotNumberKey = (auctionId: string, lotNumber: number) =>
  `${auctionId}\u0000${lotNumber}`;

/**
 * What a batch must agree with itself on: one title a sale, one number a lot, and a lot sent twice
 * sent the same. (A clash with the lots already stored is the ingest's to find.)
 */
function checkBatch(items: LotItem[], context: z.RefinementCtx) {
  const firstOfLot = new Map<string, number>();
  const firstOfNumber = new Map<string, number>();
  const firstOfSale = new Map<string, number>();
  items.forEach((item, index) => {
    const lot = firstOfLot.get(lotKey(item.auctionId, item.lotId));
    if (lot === undefined) firstOfLot.set(lotKey(item.auctionId, item.lotId), index);
    else if (JSON.stringify(items[lot]) !== JSON.stringify(item)) {
      context.addIssue({
        code: 'custom',
        path: ['items', index],
        message: `sends the lot of items.${lot} again with other values`,
      });
    }

    const number = lotNumberKey(item.auctionId, item.lotNumber);
    const holder = firstOfNumber.get(number);
    if (holder === undefined) firstOfNumber.set(number, index);
    else if (items[holder]!.lotId !== item.lotId) {
      context.addIssue({
        code: 'custom',
        path: ['items', index, 'lotNumber'],
        message: `lot number ${item.lotNumber} is also given to items.${holder} of this sale`,
      });
    }

    const sale = firstOfSale.get(item.auctionId);
    if (sale === undefined) firstOfSale.set(item.auctionId, index);
    else if (items[sale]!.saleTitle !== item.saleTitle) {
      context.addIssue({
        code: 'custom',
        path: ['items', index, 'saleTitle'],
        message: `the sale has another title in items.${sale}`,
      });
    }
  });
}

export const lotIngestBodySchema = z
  .strictObject({
    items: z
      .array(lotItemSchema)
      .min(1, 'items needs at least 1 lot')
      .max(maxLotBatch, `items takes at most ${maxLotBatch} lots per call`),
  })
  .superRefine((body, context) => checkBatch(body.items, context));

/**
 * The `{auctionId}` of a path: what the ingest could have stored (printable, trimmed, at most 100
 * characters, well-formed Unicode), so anything else is simply an unknown sale.
 */
export const auctionIdParamSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(withoutControlCharacters)
  .refine((id) => id === id.trim() && id.isWellFormed());
