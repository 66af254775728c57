import 'server-only';
import { can, type Action, type Role } from '@/lib/auth/roles';
import { ApiProblem } from '@/lib/server/http/api-problem';

/** Each action in the refusal's sentence: "The role clerk may not …". */
const actionText: Record<Action, string> = {
  see: 'see the sales and agreements',
  'decide-below-threshold': 'decide agreements below the approval threshold',
  'first-approval': 'give the first approval of an agreement at or above the threshold',
  'second-approval': 'give the second approval of an agreement at or above the threshold',
  reopen: 'reopen a decided agreement',
  'review-flag': 'clear or escalate a flag',
  'clear-escalated-flag': 'clear a flag someone escalated',
  'manage-staff': 'manage staff accounts',
  'see-activity': 'see the activity log',
};

/**
 * Refuses with 403 `forbidden` unless the session's account may do `action` (contract §12). The
 * role comes with the session, read from the account at every request.
 */
export function requirePermission(session: { account: { role: Role } }, action: Action): void {
  const { role } = session.account;
  if (!can(role, action)) throw permissionProblem(role, action);
}

/** The 403 a role gets for an action it may not do. */
export const permissionProblem = (
  role: Role,
  action: Action,
  extra: Record<string, unknown> = {},
) => new ApiProblem('forbidden', `The role ${role} may not ${actionText[action]}.`, {}, extra);
