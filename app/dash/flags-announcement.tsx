'use client';

import { useTranslations } from 'next-intl';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import type { Sale } from '@/lib/sales/lot';
import { lotLabelOf } from '@/lib/sales/sale-view';
import { ruleKey } from './sale-labels';

/**
 * The polite announcement of new flags. Rendered with the board, not with the flags panel a frame
 * later (ADR 23): a live region's content when it appears is not read out, so a flag raised in
 * that frame would have gone unannounced.
 */
export function FlagsAnnouncement({
  flags,
  sales,
  notNews,
}: {
  flags: readonly Flag[];
  sales: readonly Sale[];
  /**
   * The flags that are not news (`useFlagsNotNews`): the others are announced. Null while the
   * earlier bids are replayed, when none is.
   */
  notNews: ReadonlySet<string> | null;
}) {
  const t = useTranslations('SaleDesk');
  const fresh = notNews === null ? [] : flags.filter((flag) => !notNews.has(flag.id));
  const newest = fresh[0];
  let announcement = '';
  if (newest) {
    const { lotNumber } = lotLabelOf(sales, newest.auctionId, newest.lotId);
    announcement = t('flagsAnnouncement', {
      count: fresh.length,
      rule: t(ruleKey[newest.rule]),
      lot: lotNumber === undefined ? newest.lotId : String(lotNumber),
    });
  }
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="flags-announcement">
      {announcement}
    </p>
  );
}
