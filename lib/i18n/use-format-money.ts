'use client';

import { useFormatter } from 'next-intl';
import { useCallback } from 'react';
import { fromMinorUnits } from '@/lib/sale-desk/money';

/** Formats an amount in minor units (cents) in the current locale: `1 450,00 €`, `€1,450.00`. */
export function useFormatMoney(): (amountMinor: number, currency: string) => string {
  const format = useFormatter();
  return useCallback(
    (amountMinor: number, currency: string) =>
      format.number(fromMinorUnits(amountMinor, currency), { style: 'currency', currency }),
    [format],
  );
}
