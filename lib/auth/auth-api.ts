import * as z from 'zod/mini';
import { apiRequest } from '@/lib/api/api-client';
import type { MeAnswer } from './access-check';
import { roles } from './roles';

const userSchema = z.object({ loginId: z.string(), displayName: z.string(), role: z.enum(roles) });
const signInAnswerSchema = z.object({ user: userSchema, accessTokenId: z.string() });

export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** `GET /api/auth/me`, folded into the guard's answer: any failure is `{ok: false}`. */
export async function fetchMe(): Promise<MeAnswer> {
  try {
    return { ok: true, user: await apiRequest('/api/auth/me', { schema: userSchema }) };
  } catch {
    return { ok: false };
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
    schema: z.null(),
    background: true,
  });
