import 'server-only';
import { eq } from 'drizzle-orm';
import type { Role } from '@/lib/auth/roles';
import { recordActivity } from '@/lib/server/activity/record-activity';
import type { Database } from '@/lib/server/db/database';
import { staffAccounts } from '@/lib/server/db/schema';
import { findAccount } from './accounts';
import { normalizeLoginId } from '@/lib/server/http/login-id';
import { spendVerifyTime, verifyPassword } from './password';
import { clearLoginFailures, reserveSignInAttempt, withdrawAttempt } from './rate-limit';
import { createSession } from './sessions';

export type SignInResult =
  | {
      outcome: 'signed-in';
      user: { loginId: string; displayName: string; role: Role; mustChangePassword: boolean };
      accessTokenId: string;
      cookieValue: string;
      expiresAt: Date;
    }
  | { outcome: 'rate-limited'; retryAfterSeconds: number }
  | { outcome: 'invalid-credentials' };

/**
 * Checks credentials and opens a new session. Every failure (unknown id, wrong password,
 * disabled account) is the same outcome after the same argon2 work; limits come first. A browser
 * that signed in to this login id before names its device (§15): its attempts count in its own
 * allowance. Each outcome goes to the activity log (the login id tried, never the password).
 */
export async function signIn(
  db: Database,
  input: {
    loginId: string;
    password: string;
    clientAddress: string | null;
    deviceId?: string | null;
    userAgent?: string | null;
  },
  signingSecret: string,
  now = new Date(),
): Promise<SignInResult> {
  const loginId = normalizeLoginId(input.loginId);
  const deviceId = input.deviceId ?? null;
  const attempt = await reserveSignInAttempt(db, loginId, input.clientAddress, now, deviceId);
  // A refusal by the limit was logged with it (lockout-log.ts).
  if ('retryAfter' in attempt)
    return { outcome: 'rate-limited', retryAfterSeconds: attempt.retryAfter };

  const account = await findAccount(db, loginId);
  const passwordMatches = account
    ? await verifyPassword(account.passwordHash, input.password)
    : (await spendVerifyTime(input.password), false);

  // A failure was counted when the attempt was reserved: only the log is left to write.
  if (!account || !passwordMatches || account.disabledAt) {
    await recordActivity(db, {
      kind: 'sign_in_failed',
      actor: account
        ? { id: account.id, loginId: account.loginId, displayName: account.displayName }
        : { loginId },
      detail: { reason: !account ? 'unknown' : account.disabledAt ? 'disabled' : 'password' },
      at: now,
    });
    return { outcome: 'invalid-credentials' };
  }

  const session = await db.transaction(async (tx) => {
    await withdrawAttempt(tx, attempt.attemptId);
    await clearLoginFailures(tx, account.loginId, now, deviceId);
    await tx
      .update(staffAccounts)
      .set({ lastSignInAt: now })
      .where(eq(staffAccounts.id, account.id));
    await recordActivity(tx, {
      kind: 'sign_in',
      actor: { id: account.id, loginId: account.loginId, displayName: account.displayName },
      detail: { knownDevice: deviceId !== null },
      at: now,
    });
    return createSession(tx, account.id, signingSecret, now, input.userAgent ?? null);
  });
  return {
    outcome: 'signed-in',
    user: {
      loginId: account.loginId,
      displayName: account.displayName,
      role: account.role,
      mustChangePassword: account.mustChangePassword,
    },
    accessTokenId: session.sessionId,
    cookieValue: session.cookieValue,
    expiresAt: session.expiresAt,
  };
}
