import 'server-only';
import { base64url, jwtVerify, SignJWT } from 'jose';

/** `__Host-`: Secure, Path=/ and no Domain, so no subdomain can set or read it. */
export const sessionCookieName = '__Host-gavel_session';

export interface SessionClaims {
  /** Public session id (the access token id). */
  sid: string;
  /** The session secret; the database keeps only its SHA-256. */
  sec: string;
  /** Absolute expiry, seconds since the epoch. */
  exp: number;
}

const encoder = new TextEncoder();
const key = (signingSecret: string) => encoder.encode(signingSecret);

/** Signs the cookie value (HS256) so the edge can check it without the database. */
export function signSessionCookie(claims: SessionClaims, signingSecret: string): Promise<string> {
  return new SignJWT({ sid: claims.sid, sec: claims.sec })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(claims.exp)
    .sign(key(signingSecret));
}

/**
 * Whether the signature is written the one way its bytes encode to. Base64url's last character
 * carries bits the decoder drops (2 of the 6 for a 32-byte HMAC), so 'A' and 'B' there decode to
 * the same signature: without this check, four spellings of one cookie would all be accepted.
 */
function canonicalSignature(value: string): boolean {
  const signature = value.slice(value.lastIndexOf('.') + 1);
  try {
    return base64url.encode(base64url.decode(signature)) === signature;
  } catch {
    return false;
  }
}

/** The claims of a cookie whose signature and expiry hold; null for anything else. */
export async function verifySessionCookie(
  value: string | undefined,
  signingSecret: string | undefined,
  now: Date = new Date(),
): Promise<SessionClaims | null> {
  if (!value || !signingSecret || value.length > 2048 || !canonicalSignature(value)) return null;
  try {
    const { payload } = await jwtVerify(value, key(signingSecret), {
      algorithms: ['HS256'],
      currentDate: now,
    });
    const { sid, sec, exp } = payload;
    if (typeof sid !== 'string' || typeof sec !== 'string' || typeof exp !== 'number') return null;
    return { sid, sec, exp };
  } catch {
    return null;
  }
}

/**
 * The attributes every Set-Cookie of the session carries (docs/product-contract.md §5.6): HttpOnly
 * keeps it from scripts; `__Host-` needs Secure and Path=/.
 */
export const sessionCookieAttributes = 'Path=/; HttpOnly; Secure; SameSite=Lax';
