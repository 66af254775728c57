// GET /api/auth/session-ended: where a page sends a session the database refused. Clears the
// cookie, so the edge stops taking it for valid, and lands on /sign: no redirect loop.
import { noStore } from '@/lib/server/api/api-problem';
import { clearSessionCookie } from '@/lib/server/api/session-response';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  const response = new Response(null, {
    status: 303,
    headers: { location: new URL('/sign', request.url).pathname, ...noStore },
  });
  clearSessionCookie(response);
  return response;
}
