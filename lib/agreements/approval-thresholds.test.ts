// approval-thresholds.ts, found by mutation testing: an entry must be a whole CODE=AMOUNT.
// Without the `^` anchor, `EURO=100000` was read as a threshold for "URO" and `XEUR=1` for EUR:
// no test (here or in lib/env.test.ts) gave an entry with something before the code.
import { parseApprovalThresholds } from './approval-thresholds';

describe('parseApprovalThresholds: the code is the whole start of the entry', () => {
  it.each(['EURO=100000', 'XEUR=1', '**=5', 'EUR,GBP=1', '1EUR=5'])('refuses %p', (text) => {
    const parsed = parseApprovalThresholds(text);
    expect(parsed.ok).toBe(false);
  });

  it.each([
    ['EUR=100000', { byCurrency: { EUR: 100000 }, fallback: null }],
    [' *=5 ', { byCurrency: {}, fallback: 5 }],
  ])('takes %p', (text, thresholds) => {
    expect(parseApprovalThresholds(text)).toEqual({ ok: true, thresholds });
  });
});
