import 'server-only';
import type { Database } from '@/lib/server/db/database';
import { ApiProblem } from '@/lib/server/api/api-problem';
import { findAccount } from './accounts';
import { spendVerifyTime, verifyPassword } from './password';
import { clearLoginFailures, reserveSignInAttempt, withdrawAttempt } from './rate-limit';
import { createSession } from './sessions';

const invalidCredentials = () =>
  new ApiProblem('invalid_credentials', 'The login id or the password is not right.');

/**
 * Checks credentials and opens a new session. Every failure (unknown id, wrong password,
 * disabled account) is the same 401 after the same argon2 work; limits come first.
 */
export async function signIn(
  db: Database,
  input: { loginId: string; password: string; clientAddress: string | null },
  signingSecret: string,
  now = new Date(),
) {
  const attempt = await reserveSignInAttempt(db, input.loginId, input.clientAddress, now);
  if ('retryAfter' in attempt) {
    throw new ApiProblem('rate_limited', 'Too many failed sign-ins; wait before trying again.', {
      'retry-after': String(attempt.retryAfter),
    });
  }

  const account = await findAccount(db, input.loginId);
  const passwordMatches = account
    ? await verifyPassword(account.passwordHash, input.password)
    : (await spendVerifyTime(input.password), false);

  // A failure was counted when the attempt was reserved: nothing more to record.
  if (!account || !passwordMatches || account.disabledAt) throw invalidCredentials();

  await withdrawAttempt(db, attempt.attemptId);
  await clearLoginFailures(db, account.loginId, now);
  const session = await createSession(db, account.id, signingSecret, now);
  return {
    user: { loginId: account.loginId, displayName: account.displayName },
    accessTokenId: session.sessionId,
    cookieValue: session.cookieValue,
    expiresAt: session.expiresAt,
  };
}
