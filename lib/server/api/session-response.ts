import 'server-only';
import { sessionCookieAttributes, sessionCookieName } from '@/lib/server/auth/session-cookie';

function serialize(value: string, maxAgeSeconds: number): string {
  return `${sessionCookieName}=${value}; Max-Age=${maxAgeSeconds}; ${sessionCookieAttributes}`;
}

export function setSessionCookie(
  response: Response,
  value: string,
  expiresAt: Date,
  now = new Date(),
) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  response.headers.append('set-cookie', serialize(value, maxAge));
}

export function clearSessionCookie(response: Response) {
  response.headers.append('set-cookie', serialize('', 0));
}
