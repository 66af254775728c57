import 'server-only';
import { z } from 'zod';
import { withoutControlCharacters } from '@/lib/validation/control-characters';

/** Login ids are compared trimmed and lower-cased, everywhere. */
export const normalizeLoginId = (loginId: string): string => loginId.trim().toLowerCase();

/**
 * A login id as typed at sign-in: printable text without control characters, at most 254
 * characters (an e-mail address fits), normalized. Empty once trimmed is still well-formed: no
 * account has it, so signing in with it is a failure like any other (401, SPEC §4).
 */
export const typedLoginIdSchema = z
  .string()
  .max(254, 'loginId is at most 254 characters')
  .regex(withoutControlCharacters, 'loginId must not contain control characters')
  .transform(normalizeLoginId);

/** A login id an account may have: not empty. */
export const loginIdSchema = typedLoginIdSchema.pipe(z.string().min(1, 'loginId is required'));

/** A password as typed at sign-in; empty is a wrong password, not a malformed request. */
export const typedPasswordSchema = z.string().max(1024, 'password is at most 1024 characters');

export const passwordSchema = typedPasswordSchema.min(1, 'password is required');
