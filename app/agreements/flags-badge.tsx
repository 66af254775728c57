'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { lotHref } from '@/app/dash/sale-labels';
import type { Agreement } from '@/lib/agreements/agreement';

/** The lot's flags by state (contract §14), linking to them on the sale desk; none: nothing. */
export function FlagsBadge({ agreement }: { agreement: Agreement }) {
  const t = useTranslations('AgreementsReview');
  const { flags } = agreement;
  if (!flags || flags.open + flags.escalated + flags.cleared === 0) return null;
  const parts = (['open', 'escalated', 'cleared'] as const)
    .filter((state) => flags[state] > 0)
    .map((state) => t('flagCount', { state, count: flags[state] }));
  return (
    <Link
      className="agreement-flags"
      data-testid="agreement-flags"
      data-escalated={flags.escalated > 0 || undefined}
      href={lotHref(agreement.auctionId, agreement.lotId)}
      // A row per agreement: no prefetch of every lot's desk as the list scrolls.
      prefetch={false}
    >
      {parts.join(' · ')}
    </Link>
  );
}
