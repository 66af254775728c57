import 'server-only';
import { z } from 'zod';
import {
  withoutControlCharacters,
  withoutControlCharactersButLines,
} from '@/lib/validation/control-characters';

/** One line of printable text: trimmed, required, at most `max` characters. */
export const printableText = (name: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} is at most ${max} characters`)
    .regex(withoutControlCharacters, `${name} must not contain control characters`);

/**
 * Text for people to read (a lot's title, a buyer): required, at most `max` characters, with
 * tabs and line breaks inside it kept, and a leading tab or carriage return too: the export
 * neutralises a cell that starts with one (SPEC §12), and trimmed away or refused, such a cell
 * could not exist. Leading spaces and trailing whitespace are trimmed. Every other control
 * character is refused.
 */
export const freeText = (name: string, max: number) =>
  z
    .string()
    .transform((text) => text.replace(/^ +/, '').trimEnd())
    .pipe(
      z
        .string()
        .refine((text) => text.trim() !== '', `${name} is required`)
        .refine((text) => text.length <= max, `${name} is at most ${max} characters`)
        .refine(
          (text) => withoutControlCharactersButLines.test(text),
          `${name} must not contain control characters other than tabs and line breaks`,
        ),
    );

/** Money as the platform sends it: a whole, non-negative number of minor units. */
export const minorUnits = (name: string) =>
  z
    .number()
    .int(`${name} must be an integer number of minor units`)
    .min(0, `${name} must not be negative`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is too large`);
