// APPROVAL_THRESHOLDS (contract §12): which agreements need two approvals. No import: lib/env.ts
// reads it, and Node loads that file without the bundler's path aliases.

/**
 * Amounts in major units at or above which an agreement needs two approvals, per currency code;
 * `fallback` for every other currency (`*=`), null when other currencies need one approval.
 */
export interface ApprovalThresholds {
  byCurrency: Readonly<Record<string, number>>;
  fallback: number | null;
}

/** `APPROVAL_THRESHOLDS` when it is not set (contract §12's example). */
export const defaultApprovalThresholdsText = 'EUR=100000,GBP=100000,USD=100000,*=100000';

const entryPattern = /^([A-Z]{3}|\*)=(\d{1,15})$/;

/**
 * Reads `EUR=100000,GBP=100000,*=100000`: whole major units per ISO 4217 code, `*` for the rest.
 * Returns the problem as a sentence for the start-up error, or the thresholds.
 */
export function parseApprovalThresholds(
  text: string,
): { ok: true; thresholds: ApprovalThresholds } | { ok: false; problem: string } {
  const byCurrency: Record<string, number> = {};
  let fallback: number | null = null;
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    const match = entryPattern.exec(entry);
    if (!match) {
      return {
        ok: false,
        problem: `has "${entry}" where CODE=AMOUNT is expected (an ISO 4217 code or *, whole major units), such as EUR=100000,*=100000`,
      };
    }
    const [, code = '', amount = ''] = match;
    if (code === '*' ? fallback !== null : code in byCurrency)
      return { ok: false, problem: `names ${code} twice` };
    if (code === '*') fallback = Number(amount);
    else byCurrency[code] = Number(amount);
  }
  return { ok: true, thresholds: { byCurrency, fallback } };
}
