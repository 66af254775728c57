import { apiRequest, type AnswerSchema } from '@/lib/api/api-client';
import {
  array,
  nullable,
  object,
  oneOf,
  string,
  ValidationError,
} from '@/lib/validation/validator';
import { activityKinds, type ActivityItem } from './activity-kinds';
import { activityApiPath, type ActivityFilters } from './activity-filters';

// `GET /api/activity` (contract §15), read without zod (lib/validation/validator.ts says why).

export interface ActivityPage {
  /** Newest first. */
  items: ActivityItem[];
  nextCursor: string | null;
}

const pageShape = object({
  items: array(
    object({
      id: string({ minLength: 1 }),
      at: string(),
      kind: oneOf(activityKinds),
      actor: object({ loginId: string(), displayName: nullable(string()) }),
      subject: nullable(string()),
    }),
  ),
  nextCursor: nullable(string()),
});

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The page, each event's `detail` kept as the object it is: its keys differ by kind, and the
 * screen reads only those it knows (lib/activity/activity-sentence.ts). A detail that is not an
 * object fails the answer like any other wrong shape.
 */
export const activityPageSchema: AnswerSchema<ActivityPage> = {
  safeParse(input) {
    const parsed = pageShape.safeParse(input);
    if (!parsed.success) return parsed;
    const rawItems = (input as { items: unknown[] }).items;
    const items: ActivityItem[] = [];
    for (const [index, item] of parsed.data.items.entries()) {
      const raw = rawItems[index] as { detail?: unknown };
      // Absent or null is no detail; anything else but an object is a wrong shape.
      const detail = raw.detail ?? {};
      if (!isPlainObject(detail))
        return {
          success: false,
          error: new ValidationError(['items', index, 'detail'], 'an object'),
        };
      items.push({ ...item, detail: { ...detail } });
    }
    return { success: true, data: { items, nextCursor: parsed.data.nextCursor } };
  },
};

/** One page of the log for these filters: the first, or the one after `cursor`. */
export const fetchActivityPage = (
  filters: ActivityFilters,
  cursor: string | null,
  signal?: AbortSignal,
) => apiRequest(activityApiPath(filters, cursor), { schema: activityPageSchema, signal });
