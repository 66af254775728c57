// Shared by the flags panel's tests: flags on Cars A, as raised and as the record answers them,
// and the panel rendered in en or fr for a role.
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { carsA, flagOnCarsA } from '@/testing/sale-desk/flags-view';
import type { Role } from '@/lib/auth/roles';
import type { FlagState } from '@/lib/sale-desk/flags/flag-review';
import type { DeskFlag, RecordedFlag } from '@/lib/sales/recorded-flag';
import { FlagsPanel } from './flags-panel';

export const sales = carsA;
export const flag = flagOnCarsA;

export function renderPanel(
  flags: DeskFlag[],
  locale: 'en' | 'fr' = 'en',
  {
    role = 'clerk',
    onReviewed = () => {},
  }: { role?: Role; onReviewed?: (f: RecordedFlag) => void } = {},
) {
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <FlagsPanel flags={flags} sales={sales} role={role} onReviewed={onReviewed} />
    </NextIntlClientProvider>,
  );
}

/** A flag as the record answers it, in `state`. */
export const recorded = (f: Flag, state: FlagState = 'open'): RecordedFlag => ({
  ...f,
  lotTitle: null,
  bids: [],
  timetoken: '17637192000000001',
  state,
  reviews:
    state === 'open'
      ? []
      : [
          {
            outcome: state,
            note: 'Checked',
            loginId: 'sue',
            displayName: 'Sue Grant',
            reviewedAt: '2026-11-21T10:05:00.000Z',
          },
        ],
});

/** One of a flag's bids as the record keeps it. */
export const recordedBid = (n: number, amount: number) => ({
  bidId: `bid-${n}`,
  bidder: 'Paddle 5',
  amount,
  currency: 'EUR',
  placedAt: '2026-11-21T10:00:00.000Z',
});
