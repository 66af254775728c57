import 'server-only';
import { eq } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { serverEnv } from '@/lib/env';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { trustedClientAddress } from '@/lib/server/http/client-address';
import type { Database } from '@/lib/server/db/database';
import { staffAccounts } from '@/lib/server/db/schema';
import {
  deviceCookieName,
  readDeviceCookie,
  trustedDeviceFor,
  type DeviceClaims,
} from './device-cookie';
import { verifyPassword } from './password';
import { reserveSignInAttempt } from './rate-limit';
import { signingSecret } from './signing-secret';

/** Where a password attempt comes from: the buckets the sign-in limit counts it in. */
export interface AttemptSource {
  clientAddress: string | null;
  /** The device id when the browser's device cookie names this login id (its own allowance). */
  deviceId: string | null;
  /** The device cookie as read, for the one a sign-in sets next. */
  device: DeviceClaims | null;
}

/** The request's client address and known device, for sign-in and re-entered passwords (§5, §15). */
export async function attemptSourceOf(
  request: NextRequest,
  loginId: string,
): Promise<AttemptSource> {
  const device = await readDeviceCookie(
    request.cookies.get(deviceCookieName)?.value,
    signingSecret(),
  );
  return {
    clientAddress: trustedClientAddress(request.headers, serverEnv()),
    deviceId: trustedDeviceFor(device, loginId),
    device,
  };
}

/** The password the account holds when it was confirmed, and the attempt to withdraw. */
export interface ConfirmedPassword {
  attemptId: number;
  passwordHash: string;
}

/**
 * The signed-in account's own password entered again (a change of password, a re-authentication),
 * checked under the sign-in limit: a stolen session cannot guess it faster than a sign-in could.
 * The attempt counts as a failure until the caller withdraws it, in the transaction of its change.
 * Throws 429 `rate_limited` over the limit and 401 `invalid_credentials` for a wrong password.
 */
export async function confirmOwnPassword(
  db: Database,
  account: { id: string; loginId: string },
  password: string,
  source: AttemptSource,
  now = new Date(),
): Promise<ConfirmedPassword> {
  const attempt = await reserveSignInAttempt(
    db,
    account.loginId,
    source.clientAddress,
    now,
    source.deviceId,
  );
  if ('retryAfter' in attempt) {
    throw new ApiProblem('rate_limited', 'Too many wrong passwords; wait before trying again.', {
      'retry-after': String(attempt.retryAfter),
    });
  }
  const [row] = await db
    .select({ passwordHash: staffAccounts.passwordHash })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, account.id))
    .limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    throw new ApiProblem('invalid_credentials', 'The password is not right.');
  }
  return { attemptId: attempt.attemptId, passwordHash: row.passwordHash };
}
