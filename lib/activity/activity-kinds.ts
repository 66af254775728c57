// The kinds of event the activity log keeps (docs/product-contract.md §15), as data: the server
// writes them, the API filters by them and the screen names them in both languages. No I/O.

export const activityKinds = [
  /** Sign-ins: succeeded, failed (with the login id tried), refused by the limit. */
  'sign_in',
  'sign_in_failed',
  'sign_in_locked_out',
  'sign_out',
  /** The password entered again for an admin action (§15's 15 minutes). */
  'reauthenticated',
  /** Staff administration: who did it is the actor, to whom the subject (a login id). */
  'staff_added',
  'staff_role_changed',
  'staff_disabled',
  'staff_enabled',
  'staff_password_reset',
  'staff_sessions_ended',
  /** Own account: a password changed, a session ended from /account. */
  'password_changed',
  'session_ended',
  /** The back office: decisions, reopenings, flag reviews and exports. */
  'agreement_decided',
  'agreement_reopened',
  'flag_reviewed',
  'agreements_exported',
  /** The activity log's own CSV: who read it out, which filter, how many events. */
  'activity_exported',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const isActivityKind = (value: unknown): value is ActivityKind =>
  typeof value === 'string' && (activityKinds as readonly string[]).includes(value);

/** One event as the API gives it (`GET /api/activity`). */
export interface ActivityItem {
  id: string;
  at: string;
  kind: ActivityKind;
  actor: { loginId: string; displayName: string | null };
  subject: string | null;
  detail: Record<string, unknown>;
}
