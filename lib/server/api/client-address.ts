import 'server-only';

/**
 * The caller's address, from a header only the hosting platform can set. On Vercel the edge
 * overwrites `x-vercel-forwarded-for`; anywhere else no header is trusted (any caller could send
 * one on a direct request), so sign-in limits fall back to the per-login-id bucket.
 */
export function trustedClientAddress(headers: Headers, onVercel = Boolean(process.env.VERCEL)) {
  if (!onVercel) return null;
  const forwarded = headers.get('x-vercel-forwarded-for') ?? headers.get('x-real-ip');
  const first = forwarded?.split(',')[0]?.trim();
  return first ? first.slice(0, 64) : null;
}
