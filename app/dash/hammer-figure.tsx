'use client';

import { useTranslations } from 'next-intl';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import type { SaleFigures } from '@/lib/sales/sale-view';

/**
 * A sale's hammer total in one currency, saying what it leaves out: lots sold whose winning bid
 * this browser never saw (older than its history read) are counted as sold with no amount.
 */
export function HammerFigure({
  figures,
  currency,
}: {
  figures: Pick<SaleFigures, 'hammer' | 'unpriced'>;
  currency: string;
}) {
  const t = useTranslations('SaleDesk');
  const formatMoney = useFormatMoney();
  const total = figures.hammer.get(currency);
  const unpriced = figures.unpriced.get(currency) ?? 0;
  if (total === undefined)
    return unpriced > 0 ? t('hammerUnseen', { count: unpriced }) : t('noHammer');
  const amount = formatMoney(total, currency);
  return unpriced > 0 ? t('hammerPlusUnseen', { amount, count: unpriced }) : amount;
}
