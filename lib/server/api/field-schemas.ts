import 'server-only';
import { z } from 'zod';
import { withoutControlCharacters } from '@/lib/validation/control-characters';

/** One line of printable text: trimmed, required, at most `max` characters. */
export const printableText = (name: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} is at most ${max} characters`)
    .regex(withoutControlCharacters, `${name} must not contain control characters`);

/** Money as the platform sends it: a whole, non-negative number of minor units. */
export const minorUnits = (name: string) =>
  z
    .number()
    .int(`${name} must be an integer number of minor units`)
    .min(0, `${name} must not be negative`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is too large`);
