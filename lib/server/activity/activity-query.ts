import 'server-only';
import { z } from 'zod';
import { activityKinds } from '@/lib/activity/activity-kinds';
import { typedLoginIdSchema } from '@/lib/server/http/login-id';
import { decodeActivityCursor } from './activity-cursor';

export const activityPageLimit = { default: 50, max: 200 } as const;

/** The instants the database and an ISO 8601 text both hold: years 1 to 9999. */
const earliest = Date.parse('0001-01-01T00:00:00.000Z');
const latest = Date.parse('9999-12-31T23:59:59.999Z');
const clamped = (time: number) => new Date(Math.min(latest, Math.max(earliest, time)));
const dayMs = 24 * 60 * 60 * 1000;

/** One end of the period: a whole UTC day (`YYYY-MM-DD`) or an instant (ISO 8601 date-time). */
interface Bound {
  at: Date;
  /** Whether an event at `at` itself is inside. */
  inclusive: boolean;
}

const isoDay = z.iso.date();
const isoInstant = z.iso.datetime({ offset: true });

/**
 * `from` starts at its day's first instant; `to` takes in the whole of its day, so it ends before
 * the next day; an instant is taken as it is, both ends inclusive.
 */
const boundary = (name: 'from' | 'to') =>
  z
    .string()
    .max(40, `${name} is at most 40 characters`)
    .transform((text, context): Bound => {
      if (isoDay.safeParse(text).success) {
        const start = Date.parse(`${text}T00:00:00.000Z`);
        if (name === 'from') return { at: clamped(start), inclusive: true };
        const next = start + dayMs;
        return next > latest
          ? { at: clamped(next), inclusive: true }
          : { at: new Date(next), inclusive: false };
      }
      if (isoInstant.safeParse(text).success) {
        return { at: clamped(Date.parse(text)), inclusive: true };
      }
      context.addIssue({
        code: 'custom',
        message: `${name} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`,
      });
      return z.NEVER;
    });

const filterFields = {
  /** Whose actions: a login id, trimmed and lower-cased as every login id is. */
  person: typedLoginIdSchema.optional(),
  kind: z.enum(activityKinds, { message: 'kind is not a kind of activity' }).optional(),
  from: boundary('from').optional(),
  to: boundary('to').optional(),
};

/** A period that holds at least one instant. */
const inOrder = ({ from, to }: { from?: Bound; to?: Bound }): boolean =>
  !from || !to || (to.inclusive ? from.at <= to.at : from.at < to.at);

/** `GET /api/activity`: the filter, the page (cursor, limit) and the answer's format. */
export const activityQuerySchema = z
  .object({
    ...filterFields,
    cursor: z.string().max(200, 'cursor is not a valid page cursor').optional(),
    limit: z.coerce
      .number()
      .int('limit must be an integer')
      .min(1, 'limit must be at least 1')
      .max(activityPageLimit.max, `limit is at most ${activityPageLimit.max}`)
      .default(activityPageLimit.default),
    format: z.enum(['json', 'csv'], { message: 'format must be json or csv' }).default('json'),
  })
  .refine(inOrder, { message: 'from must not be after to', path: ['from'] })
  // Decoded here, so a cursor that is not one of ours is a 400 rather than the first page again.
  .transform(({ cursor, ...query }, context) => {
    if (cursor === undefined) return { ...query, after: undefined };
    const after = decodeActivityCursor(cursor);
    if (after === null) {
      context.addIssue({
        code: 'custom',
        path: ['cursor'],
        message: 'cursor is not a valid page cursor',
      });
      return z.NEVER;
    }
    return { ...query, after };
  });
export type ActivityQuery = z.infer<typeof activityQuerySchema>;
export type ActivityFilter = Pick<ActivityQuery, keyof typeof filterFields>;
