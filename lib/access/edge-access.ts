/** The pages whose access the edge checks; every other path passes untouched. */
export const guardedPaths = ['/sign', '/dash'] as const;

/**
 * Where the edge sends a request: `/dash` without a valid session cookie goes to `/sign`;
 * `/sign` with one goes to `/dash`; everything else stays (null).
 */
export function edgeRedirect(pathname: string, hasValidCookie: boolean): '/sign' | '/dash' | null {
  if (pathname === '/dash' && !hasValidCookie) return '/sign';
  if (pathname === '/sign' && hasValidCookie) return '/dash';
  return null;
}
