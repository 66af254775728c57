import { apiRequest } from '@/lib/api/api-client';
import { isNoAnswer } from '@/lib/api/api-error';
import {
  boolean,
  literal,
  object,
  oneOf,
  optional,
  string,
  type Infer,
} from '@/lib/validation/validator';
import type { MeAnswer } from './access-check';
import { roles } from './roles';

// No zod: sign-in and the access check are in every page's first load.
const userSchema = object({
  loginId: string(),
  displayName: string(),
  role: oneOf(roles),
  /** A temporary password to change first (contract §15); absent from a server before it. */
  mustChangePassword: optional(boolean()),
});
export type SignedInUser = Infer<typeof userSchema>;
const signInAnswerSchema = object({ user: userSchema, accessTokenId: string() });

export type SignInAnswer = Infer<typeof signInAnswerSchema>;

/**
 * `GET /api/auth/me`, folded into the guard's answer: any failure is `{ok: false}`, and says
 * whether an answer came at all (a 401 did; a request the browser cut did not).
 */
export async function fetchMe(): Promise<MeAnswer> {
  try {
    return { ok: true, user: await apiRequest('/api/auth/me', { schema: userSchema }) };
  } catch (error) {
    return { ok: false, noAnswer: isNoAnswer(error) };
  }
}

export const requestSignIn = (loginId: string, password: string) =>
  apiRequest('/api/auth/sign-in', {
    method: 'POST',
    body: { loginId, password },
    schema: signInAnswerSchema,
  });

export const requestSignOut = () =>
  apiRequest('/api/auth/sign-out', {
    method: 'POST',
    body: {},
    schema: literal(null),
    background: true,
  });

/** The user as this browser stores it: who, and the role; never the flag, read at each check. */
export const storedUserOf = ({ loginId, displayName, role }: SignedInUser) => ({
  loginId,
  displayName,
  role,
});
