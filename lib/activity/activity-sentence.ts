import { isRole, type Role } from '@/lib/auth/roles';
import type { ActivityItem, ActivityKind } from './activity-kinds';

/**
 * What the activity log says an event did, as the arguments of its `Activity.event.<kind>`
 * message ("changed the role of sam from clerk to supervisor"). Each kind reads the detail keys
 * the server writes for it (lib/server: `from`/`to` of a role change, `reason` of a failed
 * sign-in, `action` and `lot` of a decision, `outcome` of a flag review, `rows` of an export); a
 * key missing or of another shape gives the shorter sentence (the message's `other` branch),
 * never a wrong one. Pure: the screen translates.
 */
export interface ActivitySentence {
  kind: ActivityKind;
  /** Every argument the kind's message may use, always all given. */
  values: Record<string, string | number>;
  /** The arguments that name a role, for the screen to put in the reader's language. */
  roles: Partial<Record<'role' | 'from' | 'to', Role>>;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The first of `keys` in `detail` that holds a key of `as`, named as `as` says; else `other`. */
function known(
  detail: Record<string, unknown>,
  keys: readonly string[],
  as: Readonly<Record<string, string>>,
): string {
  for (const key of keys) {
    const value = text(detail[key]);
    if (value !== null && Object.hasOwn(as, value)) return as[value]!;
  }
  return 'other';
}

const failureReasons = { unknown: 'unknown', disabled: 'disabled', password: 'password' };
const decisions = { approve: 'approve', approved: 'approve', reject: 'reject', rejected: 'reject' };
const reviewOutcomes = { cleared: 'cleared', escalated: 'escalated' };

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

export function activitySentence(item: ActivityItem): ActivitySentence {
  const { detail } = item;
  const roleIn = (...keys: string[]) => keys.map((key) => detail[key]).find(isRole) ?? null;
  const from = roleIn('from');
  const to = roleIn('to', 'role');
  const rows = detail.rows;
  const counted = typeof rows === 'number' && Number.isSafeInteger(rows) && rows >= 0;
  const lot = text(detail.lot);
  // A role change names both roles or neither; an account added, its role.
  const rolesKnown =
    item.kind === 'staff_role_changed' ? from !== null && to !== null : to !== null;
  return {
    kind: item.kind,
    roles: { ...(to && { role: to, to }), ...(from && { from }) },
    values: {
      subject: item.subject ?? '',
      known: yesNo(rolesKnown),
      role: to ?? '',
      from: from ?? '',
      to: to ?? '',
      reason: known(detail, ['reason'], failureReasons),
      // A first approval leaves the agreement pending: what was done is the action, not the status.
      decision: known(detail, ['action', 'decision', 'status'], decisions),
      outcome: known(detail, ['outcome'], reviewOutcomes),
      hasLot: yesNo(lot !== null),
      lot: lot ?? '',
      temporary: yesNo(detail.temporary === true),
      counted: yesNo(counted),
      rows: counted ? rows : 0,
    },
  };
}
