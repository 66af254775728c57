import { NextResponse, type NextRequest } from 'next/server';
import { edgeRedirect, guardedPaths } from '@/lib/auth/edge-access';
import { pageHeader } from '@/lib/auth/next-path';
import { edgeEnv, type EdgeEnv } from '@/lib/env';
import { defaultPubnubOrigin } from '@/lib/realtime/pubnub-origin';
import { sessionCookieName, verifySessionCookie } from '@/lib/server/auth/session-cookie';
import { requestHostname } from '@/lib/server/api/request-host';
import { clearSessionCookie } from '@/lib/server/api/session-response';
import {
  baselineSecurityHeaders,
  contentSecurityPolicy,
  hstsHeader,
  originOf,
} from '@/lib/security/csp';

// Edge middleware (docs/adr/0001): checks only the cookie's signature and expiry, never the
// database. Route handlers and the /dash render check the session there: this is a shortcut,
// not the lock.
export async function middleware(request: NextRequest) {
  const env = edgeEnv();
  const { pathname } = request.nextUrl;
  const cookie = request.cookies.get(sessionCookieName)?.value;

  if ((guardedPaths as readonly string[]).includes(pathname)) {
    const claims = await verifySessionCookie(cookie, env.sessionSecret ?? undefined);
    const target = edgeRedirect(pathname, claims !== null, request.nextUrl.search);
    if (target) {
      const response = NextResponse.redirect(new URL(target, request.url), 307);
      // A cookie that fails the check is useless: drop it so no later step trusts it.
      // (`cookies.delete` would send it without Secure, which a browser ignores for `__Host-`.)
      if (cookie && !claims) clearSessionCookie(response);
      return withSecurityHeaders(response, env);
    }
  }

  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const csp = contentSecurityPolicy({
    nonce,
    development: env.development,
    connectSources: [originOf(env.sentryDsn ?? undefined), ...realtimeOrigins(request, env)].filter(
      (origin): origin is string => origin !== null,
    ),
  });
  // Next reads the nonce from the request's CSP header and puts it on its own scripts.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);
  requestHeaders.set('x-nonce', nonce);
  // The page asked for, for the /dash server check: a session ended there signs in back to it.
  requestHeaders.set(pageHeader, `${pathname}${request.nextUrl.search}`);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('content-security-policy', csp);
  return withSecurityHeaders(response, env);
}

/** Where the browser subscribes: PubNub, or the embedded relay on the same host. */
function realtimeOrigins(request: NextRequest, env: EdgeEnv): string[] {
  if (env.pubnubOrigin) {
    const { url, host } = env.pubnubOrigin;
    // PubNub's own origin answers on its subdomains too; another origin only on itself.
    return host === defaultPubnubOrigin.host ? [url, 'https://*.pndsn.com'] : [url];
  }
  return [`http://${requestHostname(request, env.trustProxy)}:${env.relayPort}`];
}

function withSecurityHeaders(response: NextResponse, env: EdgeEnv): NextResponse {
  for (const [name, value] of Object.entries(baselineSecurityHeaders))
    response.headers.set(name, value);
  if (env.appEnv === 'production') {
    response.headers.set('strict-transport-security', hstsHeader);
  }
  return response;
}

export const config = {
  // Every page (for its CSP nonce and headers), never static assets or the API.
  matcher: [
    {
      source: '/((?!api/|_next/static|_next/image|favicon.ico|icon.svg|robots.txt).*)',
      missing: [{ type: 'header', key: 'next-router-prefetch' }],
    },
  ],
};
