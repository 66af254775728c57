'use client';

import { useFormatter } from 'next-intl';
import { useCallback } from 'react';

/** An ISO date-time as the locale writes a date with its time: `Nov 21, 2026, 10:15 PM`. */
export function useFormatDateTime(): (iso: string) => string {
  const format = useFormatter();
  return useCallback(
    (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }),
    [format],
  );
}
