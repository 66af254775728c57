import { signInHref } from './next-path';

/** The pages whose access the edge checks; every other path passes untouched. */
export const guardedPaths = ['/sign', '/dash'] as const;

/**
 * Where the edge sends a request: `/dash` without a valid session cookie goes to `/sign`;
 * everything else stays (null). `/sign` with a valid-looking cookie is not sent to `/dash`:
 * the edge cannot see a revocation, and `/dash` refusing it would send the browser back, a loop
 * for any client that keeps the cookie. The client guard takes a live session on to `/dash`.
 */
export function edgeRedirect(
  pathname: string,
  hasValidCookie: boolean,
  search = '',
): string | null {
  if (pathname !== '/dash' || hasValidCookie) return null;
  // A deep link into the dashboard (`/dash?sale=…`) comes back after sign-in; plain `/dash` is
  // where sign-in goes anyway.
  return search && search !== '?' ? signInHref(`${pathname}${search}`) : '/sign';
}
