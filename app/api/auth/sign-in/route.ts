// POST /api/auth/sign-in: checks a staff member's credentials and opens a new session.
import { z } from 'zod';
import { typedLoginIdSchema, typedPasswordSchema } from '@/lib/server/http/login-id';
import { deviceCookieAfterSignIn, deviceCookieHeader } from '@/lib/server/auth/device-cookie';
import { attemptSourceOf } from '@/lib/server/auth/password-check';
import { signIn } from '@/lib/server/auth/sign-in';
import { signingSecret } from '@/lib/server/auth/signing-secret';
import { apiHandler } from '@/lib/server/api/api-handler';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { apiRoute } from '@/lib/server/api/api-route';
import { setSessionCookie } from '@/lib/server/api/session-response';

// Empty strings are well-formed: a wrong login id or password, 401 like every other kind.
const bodySchema = z.strictObject({ loginId: typedLoginIdSchema, password: typedPasswordSchema });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  POST: apiHandler({ body: bodySchema }, async ({ request, body, db }) => {
    const { device, ...source } = await attemptSourceOf(request, body.loginId);
    const result = await signIn(
      db,
      { ...body, ...source, userAgent: request.headers.get('user-agent') },
      signingSecret(),
    );
    if (result.outcome === 'rate-limited') {
      throw new ApiProblem('rate_limited', 'Too many failed sign-ins; wait before trying again.', {
        'retry-after': String(result.retryAfterSeconds),
      });
    }
    if (result.outcome === 'invalid-credentials') {
      throw new ApiProblem('invalid_credentials', 'The login id or the password is not right.');
    }
    const response = Response.json({ user: result.user, accessTokenId: result.accessTokenId });
    setSessionCookie(response, result.cookieValue, result.expiresAt);
    // This browser is now known for the account: others' guessing no longer locks it out (§15).
    response.headers.append(
      'set-cookie',
      deviceCookieHeader(
        await deviceCookieAfterSignIn(device, result.user.loginId, signingSecret()),
      ),
    );
    return response;
  }),
});
