const fractionDigitsCache = new Map<string, number>();

/** Digits after the decimal point of a currency (EUR 2, JPY 0, BHD 3). */
export function currencyFractionDigits(currency: string): number {
  let digits = fractionDigitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    fractionDigitsCache.set(currency, digits);
  }
  return digits;
}

/** An amount in minor units (cents) as the currency's major units, for Intl formatting. */
export const fromMinorUnits = (amount: number, currency: string): number =>
  amount / 10 ** currencyFractionDigits(currency);
