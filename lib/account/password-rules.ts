// What the new-password form checks before sending (contract §15); the server checks again, and
// refuses a weak or unchanged password itself (400 `bad_request`).

/** The shortest new password, in characters. */
export const minPasswordLength = 8;

export type NewPasswordProblem = 'currentMissing' | 'tooShort' | 'mismatch';

/** The first thing to fix in the form, or null when it may be sent. */
export function newPasswordProblem(fields: {
  current: string;
  next: string;
  repeat: string;
}): NewPasswordProblem | null {
  if (fields.current === '') return 'currentMissing';
  // Characters as a reader counts them (an emoji is one), never fewer than the server's count.
  if ([...fields.next].length < minPasswordLength) return 'tooShort';
  if (fields.next !== fields.repeat) return 'mismatch';
  return null;
}
