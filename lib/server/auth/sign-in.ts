import 'server-only';
import type { Database } from '@/lib/server/db/database';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { findAccount } from './accounts';
import { spendVerifyTime, verifyPassword } from './password';
import { clearLoginFailures, recordSignInFailure, signInRetryAfter } from './rate-limit';
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
  const retryAfter = await signInRetryAfter(db, input.loginId, input.clientAddress, now);
  if (retryAfter !== null) {
    throw new ApiProblem('rate_limited', 'Too many failed sign-ins; wait before trying again.', {
      'retry-after': String(retryAfter),
    });
  }

  const account = await findAccount(db, input.loginId);
  const passwordMatches = account
    ? await verifyPassword(account.passwordHash, input.password)
    : (await spendVerifyTime(input.password), false);

  if (!account || !passwordMatches || account.disabledAt) {
    await recordSignInFailure(db, input.loginId, input.clientAddress, now);
    throw invalidCredentials();
  }

  await clearLoginFailures(db, account.loginId);
  const session = await createSession(db, account.id, signingSecret, now);
  return {
    user: { loginId: account.loginId, displayName: account.displayName },
    accessTokenId: session.sessionId,
    cookieValue: session.cookieValue,
    expiresAt: session.expiresAt,
  };
}
