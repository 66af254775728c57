import 'server-only';
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * The device cookie (contract §15, OWASP's "slow down online guessing" with device cookies): a
 * browser that signed in to an account before keeps its own sign-in allowance when others use up
 * the account's. Signed with the session secret, for a different audience than the session.
 */
export const deviceCookieName = '__Host-gavel_device';

const audience = 'gavel-device';
/** A year: the clerk's own laptop stays known between sales. */
export const deviceCookieMaxAgeSeconds = 365 * 24 * 60 * 60;
/** The accounts one browser is known for; the oldest is forgotten past this. */
const maxAccounts = 8;

export interface DeviceClaims {
  /** This browser's id: failures it makes count in its own bucket. */
  deviceId: string;
  /** Login ids this browser signed in to. */
  loginIds: string[];
}

const key = (signingSecret: string) => new TextEncoder().encode(signingSecret);

/** The claims of a device cookie whose signature and expiry hold; null for anything else. */
export async function readDeviceCookie(
  value: string | undefined,
  signingSecret: string,
  now = new Date(),
): Promise<DeviceClaims | null> {
  if (!value || value.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(value, key(signingSecret), {
      algorithms: ['HS256'],
      audience,
      currentDate: now,
    });
    const { dev, acc } = payload;
    if (typeof dev !== 'string' || !Array.isArray(acc)) return null;
    const loginIds = acc.filter((id): id is string => typeof id === 'string');
    return { deviceId: dev, loginIds };
  } catch {
    return null;
  }
}

/** The device id to count an attempt for `loginId` under: only a cookie that knows that account. */
export const trustedDeviceFor = (claims: DeviceClaims | null, loginId: string): string | null =>
  claims && claims.loginIds.includes(loginId) ? claims.deviceId : null;

/** The cookie after a successful sign-in to `loginId`: the same device, that account added. */
export function deviceCookieAfterSignIn(
  claims: DeviceClaims | null,
  loginId: string,
  signingSecret: string,
  now = new Date(),
): Promise<string> {
  const loginIds = [loginId, ...(claims?.loginIds ?? []).filter((id) => id !== loginId)].slice(
    0,
    maxAccounts,
  );
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ dev: claims?.deviceId ?? randomUUID(), acc: loginIds })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + deviceCookieMaxAgeSeconds)
    .sign(key(signingSecret));
}

export const deviceCookieHeader = (value: string) =>
  `${deviceCookieName}=${value}; Max-Age=${deviceCookieMaxAgeSeconds}; Path=/; HttpOnly; Secure; SameSite=Strict`;
