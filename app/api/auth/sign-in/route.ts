// POST /api/auth/sign-in: checks a staff member's credentials and opens a new session.
import { z } from 'zod';
import { loginIdSchema, passwordSchema } from '@/lib/server/auth/login-id';
import { signIn } from '@/lib/server/auth/sign-in';
import { signingSecret } from '@/lib/server/auth/signing-secret';
import { apiHandler } from '@/lib/server/api/api-handler';
import { trustedClientAddress } from '@/lib/server/api/client-address';
import { setSessionCookie } from '@/lib/server/api/session-response';

const bodySchema = z.strictObject({ loginId: loginIdSchema, password: passwordSchema });

export const POST = apiHandler({ body: bodySchema }, async ({ request, body, db }) => {
  const result = await signIn(
    db,
    { ...body, clientAddress: trustedClientAddress(request.headers) },
    signingSecret(),
  );
  const response = Response.json({ user: result.user, accessTokenId: result.accessTokenId });
  setSessionCookie(response, result.cookieValue, result.expiresAt);
  return response;
});
