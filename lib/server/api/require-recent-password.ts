import 'server-only';
import { passwordFreshForMs as reauthWindowMs } from '@/lib/auth/with-reauth';
import { ApiProblem } from './api-problem';

/** Whether the session's password was entered recently enough for an admin action. */
export const passwordIsRecent = (authenticatedAt: Date, now = new Date()): boolean =>
  now.getTime() - authenticatedAt.getTime() < reauthWindowMs;

/**
 * Refuses with 401 `reauth_required` unless the session's password was entered within the last
 * 15 minutes: the screen asks for it (`POST /api/auth/reauthenticate`) and sends the action again.
 */
export function requireRecentPassword(session: { authenticatedAt: Date }, now = new Date()): void {
  if (!passwordIsRecent(session.authenticatedAt, now)) {
    throw new ApiProblem(
      'reauth_required',
      'Enter your password again: admin actions need it within the last 15 minutes.',
    );
  }
}
