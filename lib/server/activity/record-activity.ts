import 'server-only';
import type { ActivityKind } from '@/lib/activity/activity-kinds';
import type { Database } from '@/lib/server/db/database';
import { activityEvents } from '@/lib/server/db/schema';

/** Who acted: a signed-in account, or only the login id a failed sign-in tried. */
export type ActivityActor =
  | { id: string; loginId: string; displayName: string }
  | { id?: null; loginId: string; displayName?: null };

/** Detail keys that must never reach the log, whatever a caller passes (§15: no secret). */
const secretKey = /password|token|secret|cookie/i;

function withoutSecrets(detail: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(detail).filter(([key]) => !secretKey.test(key)));
}

/**
 * Writes one event of the activity log. Give it the transaction of the change it records, so the
 * change and its record commit together or not at all.
 */
export async function recordActivity(
  db: Database,
  event: {
    kind: ActivityKind;
    actor: ActivityActor;
    subject?: string | null;
    detail?: Record<string, unknown>;
    at?: Date;
  },
): Promise<void> {
  await db.insert(activityEvents).values({
    at: event.at ?? new Date(),
    kind: event.kind,
    actorId: event.actor.id ?? null,
    actorLoginId: event.actor.loginId,
    actorName: event.actor.displayName ?? null,
    subject: event.subject ?? null,
    detail: withoutSecrets(event.detail ?? {}),
  });
}
