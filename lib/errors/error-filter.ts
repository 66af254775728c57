/**
 * Texts of errors that are noise, not faults (docs/product-contract.md §8); matched
 * case-insensitively.
 */
export const ignoredErrorFragments = [
  'object not found matching id',
  'non-error exception captured with keys',
  '0 unknown error',
  'unauthorized',
] as const;

/** The text an error carries: its message, or the value itself when a string was thrown. */
export function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    return typeof message === 'string' ? message : '';
  }
  return '';
}

/** False for an empty error or one whose text contains an ignored fragment. */
export function isReportableText(text: string): boolean {
  const normalized = text.trim().toLowerCase();
  if (normalized === '') return false;
  return !ignoredErrorFragments.some((fragment) => normalized.includes(fragment));
}

export function shouldReport(error: unknown): boolean {
  return isReportableText(errorText(error));
}
