import 'server-only';
import { passwordIsStale } from '@/lib/auth/with-reauth';
import { ApiProblem } from '@/lib/server/http/api-problem';

/**
 * Refuses with 401 `reauth_required` unless the session's password was entered within the last
 * 15 minutes: the screen asks for it (`POST /api/auth/reauthenticate`) and sends the action again.
 */
export function requireRecentPassword(session: { authenticatedAt: Date }, now = new Date()): void {
  // The same 15 minutes the screen counts with (lib/auth/with-reauth.ts).
  if (passwordIsStale(session.authenticatedAt.getTime(), now.getTime())) {
    throw new ApiProblem(
      'reauth_required',
      'Enter your password again: admin actions need it within the last 15 minutes.',
    );
  }
}
