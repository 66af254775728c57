// GET /api/auth/session-ended: where a page sends a session the database refused. Clears the
// cookie, so the edge stops taking it for valid, and lands on /sign: no redirect loop.
import { apiRoute } from '@/lib/server/api/api-route';
import { clearSessionCookie } from '@/lib/server/api/session-response';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: (request) => {
    const response = new Response(null, {
      status: 303,
      headers: { location: new URL('/sign', request.url).pathname },
    });
    clearSessionCookie(response);
    return response;
  },
});
