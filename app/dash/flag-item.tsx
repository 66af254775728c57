'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { memo } from 'react';
import type { StoredBid } from '@/lib/realtime/bid-store';
import type { DeskFlag } from '@/lib/sales/recorded-flag';
import { flagRules, type FlagRule } from '@/lib/sale-desk/flags/flag-rules';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import { ruleKey } from './sale-labels';

// The parts of the flags panel (flags-panel.tsx) that render again only when what they show
// changed, not on every frame that brings a bid.

/** What an item shows of one of its flag's bids. */
type FlagItemBid = Pick<StoredBid, 'bidId' | 'bidder' | 'amount' | 'currency'> & {
  lotTitle?: string;
};

interface FlagItemProps {
  flag: DeskFlag;
  /**
   * The flag's bids, in its order: the record's copy, or those the store still holds (older ones
   * have left it).
   */
  bids: readonly FlagItemBid[];
  saleTitle: string | undefined;
  lotNumber: number | undefined;
  acknowledged: boolean;
  headId: string;
  onAcknowledge: (id: string) => void;
}

// A new bid changes the bids the panel is given, rarely a flag's own: an item re-renders only
// when what it shows changed (its bids are compared one by one, the store keeps their identity).
const sameItem = (a: FlagItemProps, b: FlagItemProps) =>
  a.flag === b.flag &&
  a.saleTitle === b.saleTitle &&
  a.lotNumber === b.lotNumber &&
  a.acknowledged === b.acknowledged &&
  a.headId === b.headId &&
  a.onAcknowledge === b.onAcknowledge &&
  a.bids.length === b.bids.length &&
  a.bids.every((bid, index) => bid === b.bids[index]);

export const FlagItem = memo(function FlagItem({
  flag,
  bids,
  saleTitle,
  lotNumber,
  acknowledged,
  headId,
  onAcknowledge,
}: FlagItemProps) {
  const t = useTranslations('SaleDesk');
  const format = useFormatter();
  const formatMoney = useFormatMoney();
  const title = flag.lotTitle ?? bids.find((bid) => bid.bidId === flag.bidIds.at(-1))?.lotTitle;
  const amounts = bids.map((bid) => `${bid.bidder} ${formatMoney(bid.amount, bid.currency)}`);
  return (
    <li
      className="flag-item"
      data-testid="flag"
      data-flag-id={flag.id}
      data-rule={flag.rule}
      data-acknowledged={acknowledged || undefined}
    >
      <p className="flag-item__head" id={headId}>
        <strong>{t(ruleKey[flag.rule])}</strong> ·{' '}
        {lotNumber === undefined ? t('unnumbered') : t('lotNumber', { number: lotNumber })}
        {title ? ` · ${title}` : ''}
        {saleTitle ? ` · ${saleTitle}` : ''}
      </p>
      <p>
        {t('flagPaddles', { paddles: flag.paddles.join(', ') })} ·{' '}
        {amounts.length > 0
          ? t('flagBidsWithAmounts', {
              bids: t('flagBids', { count: flag.bidIds.length }),
              amounts: amounts.join(', '),
            })
          : t('flagBids', { count: flag.bidIds.length })}{' '}
        ·{' '}
        <time dateTime={flag.raisedAt}>
          {format.dateTime(new Date(flag.raisedAt), { timeStyle: 'medium' })}
        </time>
      </p>
      {acknowledged ? (
        <p className="flag-item__done">{t('acknowledged')}</p>
      ) : (
        <button
          type="button"
          className="button-secondary"
          aria-describedby={headId}
          onClick={() => onAcknowledge(flag.id)}
        >
          {t('acknowledge')}
        </button>
      )}
    </li>
  );
}, sameItem);

/** Flags per rule, rendered again only when the flags change. */
export const FlagCounts = memo(function FlagCounts({ flags }: { flags: readonly DeskFlag[] }) {
  const t = useTranslations('SaleDesk');
  const format = useFormatter();
  const counts = new Map<FlagRule, number>(flagRules.map((rule) => [rule, 0]));
  for (const flag of flags) counts.set(flag.rule, counts.get(flag.rule)! + 1);
  return (
    <dl className="flag-counts">
      {flagRules.map((rule) => (
        <div key={rule}>
          <dt>{t(ruleKey[rule])}</dt>
          <dd data-testid={`flag-count-${rule}`}>{format.number(counts.get(rule)!)}</dd>
        </div>
      ))}
    </dl>
  );
});
