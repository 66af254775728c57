import 'server-only';
import { z } from 'zod';
import { withoutControlCharacters } from '@/lib/validation/control-characters';

/** Login ids are compared trimmed and lower-cased, everywhere. */
export const normalizeLoginId = (loginId: string): string => loginId.trim().toLowerCase();

// Printable text without control characters, at most 254 characters (an e-mail address fits).
export const loginIdSchema = z
  .string()
  .max(254, 'loginId is at most 254 characters')
  .regex(withoutControlCharacters, 'loginId must not contain control characters')
  .transform(normalizeLoginId)
  .pipe(z.string().min(1, 'loginId is required'));

export const passwordSchema = z
  .string()
  .min(1, 'password is required')
  .max(1024, 'password is at most 1024 characters');
