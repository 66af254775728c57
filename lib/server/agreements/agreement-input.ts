import 'server-only';
import { z } from 'zod';
import {
  agreementSorts,
  agreementStatuses,
  bulkDecisionLimit,
  decisions,
  defaultAgreementSort,
  pageLimit,
  reasonLength,
} from '@/lib/agreements/agreement';
import { decodeCursor } from './cursor';
import { freeText, minorUnits, printableText } from '@/lib/server/http/field-schemas';
import {
  withoutControlCharacters,
  withoutControlCharactersButLines,
} from '@/lib/validation/control-characters';

/** The database's `integer`: a version past it could never be stored. */
const maxVersion = 2_147_483_647 - 1;

export const maxIngestBatch = 100;

/** How far ahead of this server's clock a platform's clock may run. */
const clockSkewMs = 24 * 60 * 60 * 1000;

/**
 * A lot closes in the past. A year of 9999 with a negative offset is year 10000 in UTC, which no
 * ISO 8601 reader takes back: dates are held to the range the domain (and the database) allows.
 */
export function isPlausibleClose(closedAt: Date, now = new Date()): boolean {
  const time = closedAt.getTime();
  return time >= Date.UTC(1970, 0, 1) && time <= now.getTime() + clockSkewMs;
}

export const ingestItemSchema = z.strictObject({
  platformId: printableText('platformId', 200),
  auctionId: printableText('auctionId', 100),
  lotId: printableText('lotId', 100),
  lotTitle: freeText('lotTitle', 300),
  buyer: freeText('buyer', 200),
  amount: minorUnits('amount'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code such as EUR'),
  closedAt: z.iso
    .datetime({ offset: true, message: 'closedAt must be an ISO 8601 date-time' })
    .refine(
      (value) => isPlausibleClose(new Date(value)),
      'closedAt must be a moment from 1970 to a day from now',
    ),
});
export type IngestItem = z.infer<typeof ingestItemSchema>;

export const ingestBodySchema = z.strictObject({
  items: z
    .array(ingestItemSchema)
    .min(1, 'items needs at least 1 agreement')
    .max(maxIngestBatch, `items takes at most ${maxIngestBatch} agreements per call`),
});

/** A free-text reason: trimmed, at most 500 characters, lines allowed, no other control character. */
const reasonText = z
  .string()
  .trim()
  .max(reasonLength.max, `reason is at most ${reasonLength.max} characters`)
  .regex(withoutControlCharactersButLines, 'reason must not contain control characters');

/** The version of the agreement the staff member saw (optimistic concurrency). */
const versionSeen = z
  .number()
  .int('version must be an integer')
  .min(1, 'version must be a positive integer')
  .max(maxVersion, 'version is not one this agreement can have');

const rejectNeedsReason = {
  check: (body: { decision: string; reason: string | null }) =>
    body.decision !== 'reject' || (body.reason?.length ?? 0) >= reasonLength.min,
  issue: {
    message: `reason of at least ${reasonLength.min} characters is required to reject`,
    path: ['reason'],
  },
};

const decisionField = z.enum(decisions, { message: 'decision must be "approve" or "reject"' });
const optionalReason = reasonText.optional().nullable();
const emptyReasonIsNone = <T extends { reason?: string | null }>({ reason, ...rest }: T) => ({
  ...rest,
  reason: reason ? reason : null,
});

export const decisionBodySchema = z
  .strictObject({ decision: decisionField, reason: optionalReason, version: versionSeen })
  .transform(emptyReasonIsNone)
  .refine(rejectNeedsReason.check, rejectNeedsReason.issue);
export type DecisionBody = z.infer<typeof decisionBodySchema>;

/**
 * `POST /api/agreements/decisions`: one decision (and reason) for 1 to 100 agreements, each at the
 * version seen. An id that is not a uuid is no agreement: that item is answered 404, not the call.
 */
export const bulkDecisionBodySchema = z
  .strictObject({
    decision: decisionField,
    reason: optionalReason,
    items: z
      .array(
        z.strictObject({
          id: z.string().max(100, 'items[].id is at most 100 characters'),
          version: versionSeen,
        }),
      )
      .min(1, 'items needs at least 1 agreement')
      .max(bulkDecisionLimit, `items takes at most ${bulkDecisionLimit} agreements per call`),
  })
  .transform(emptyReasonIsNone)
  .refine(rejectNeedsReason.check, rejectNeedsReason.issue);
export type BulkDecisionBody = z.infer<typeof bulkDecisionBodySchema>;

/** `POST /api/agreements/{id}/reopen`: why, and the version seen. */
export const reopenBodySchema = z.strictObject({
  reason: reasonText.min(
    reasonLength.min,
    `reason of at least ${reasonLength.min} characters is required to reopen`,
  ),
  version: versionSeen,
});
export type ReopenBody = z.infer<typeof reopenBodySchema>;

/** Which agreements a list or an export covers, and in what order (contract §5.3 and §12). */
const filterFields = {
  status: z
    .enum(agreementStatuses, { message: 'status must be pending, approved or rejected' })
    .default('pending'),
  /** One sale: its exact `auctionId`. */
  sale: z
    .string()
    .trim()
    .max(100, 'sale is at most 100 characters')
    .regex(withoutControlCharacters, 'sale must not contain control characters')
    .optional(),
  q: z
    .string()
    .trim()
    .max(200, 'q is at most 200 characters')
    .regex(withoutControlCharacters, 'q must not contain control characters')
    .optional(),
  sort: z
    .enum(agreementSorts, { message: `sort must be one of ${agreementSorts.join(', ')}` })
    .default(defaultAgreementSort),
};

export const exportQuerySchema = z.object(filterFields);
export type ListFilter = z.infer<typeof exportQuerySchema>;

export const listQuerySchema = z
  .object({
    ...filterFields,
    cursor: z.string().max(200).optional(),
    limit: z.coerce
      .number()
      .int('limit must be an integer')
      .min(1, 'limit must be at least 1')
      .max(pageLimit.max, `limit is at most ${pageLimit.max}`)
      .default(pageLimit.default),
  })
  // Decoded here to the position the page starts after, so a foreign cursor is a 400, and so is
  // one made for another order: where it points means nothing there, and starting over silently
  // would show the caller the rows it already has.
  .transform(({ cursor, ...query }, context) => {
    if (cursor === undefined) return { ...query, cursor: undefined };
    const decoded = decodeCursor(cursor);
    if (decoded === null) {
      context.addIssue({
        code: 'custom',
        path: ['cursor'],
        message: 'cursor is not a valid page cursor',
      });
      return z.NEVER;
    }
    if (decoded.sort !== query.sort) {
      context.addIssue({
        code: 'custom',
        path: ['cursor'],
        message: `cursor belongs to sort=${decoded.sort}, not ${query.sort}: start again without it`,
      });
      return z.NEVER;
    }
    return { ...query, cursor: decoded.position };
  });
export type ListQuery = z.infer<typeof listQuerySchema>;

export const agreementIdSchema = z.uuid();
