'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { memo } from 'react';
import Link from 'next/link';
import type { Role } from '@/lib/auth/roles';
import type { StoredBid } from '@/lib/sale-desk/stored-messages';
import type { DeskFlag, RecordedFlag } from '@/lib/sales/recorded-flag';
import { reviewChoices, type ReviewOutcome } from '@/lib/sale-desk/flags/flag-review';
import { flagRules, type FlagRule } from '@/lib/sale-desk/flags/flag-rules';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import { FlagReviewForm } from './flag-review-form';
import { lotHref, ruleKey } from './sale-labels';

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
  /** The viewer's role: the review moves it may make are offered, no others. */
  role: Role;
  onSending: (flagId: string, outcome: ReviewOutcome) => void;
  onReviewed: (flag: RecordedFlag) => void;
  onFailed: (flagId: string) => void;
}

/** A rule as an ICU select key (no hyphen): `not-higher` → `notHigher`. */
const explainKey = (rule: FlagRule) =>
  rule.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

// A new bid changes the bids the panel is given, rarely a flag's own: an item re-renders only
// when what it shows changed (its bids are compared one by one, the store keeps their identity).
const sameItem = (a: FlagItemProps, b: FlagItemProps) =>
  a.flag === b.flag &&
  a.saleTitle === b.saleTitle &&
  a.lotNumber === b.lotNumber &&
  a.role === b.role &&
  a.onSending === b.onSending &&
  a.onReviewed === b.onReviewed &&
  a.onFailed === b.onFailed &&
  a.bids.length === b.bids.length &&
  a.bids.every((bid, index) => bid === b.bids[index]);

export const FlagItem = memo(function FlagItem({
  flag,
  bids,
  saleTitle,
  lotNumber,
  role,
  onSending,
  onReviewed,
  onFailed,
}: FlagItemProps) {
  const t = useTranslations('SaleDesk');
  const format = useFormatter();
  const formatMoney = useFormatMoney();
  const title = flag.lotTitle ?? bids.find((bid) => bid.bidId === flag.bidIds.at(-1))?.lotTitle;
  const amounts = bids.map((bid) => `${bid.bidder} ${formatMoney(bid.amount, bid.currency)}`);
  const state = flag.state ?? 'open';
  const lot = lotNumber === undefined ? t('unnumbered') : t('lotNumber', { number: lotNumber });
  const rule = t(ruleKey[flag.rule]);
  return (
    <li
      className="flag-item"
      data-testid="flag"
      data-flag-id={flag.id}
      data-rule={flag.rule}
      data-state={state}
      // Focusable by script: the focus stays on a flag whose review took its buttons away.
      tabIndex={-1}
    >
      <p className="flag-item__head">
        <strong>{rule}</strong> · {lot}
        {title ? ` · ${title}` : ''}
        {saleTitle ? ` · ${saleTitle}` : ''}{' '}
        <span className={`flag-state flag-state--${state}`} data-testid="flag-state">
          {t('flagState', { state })}
        </span>
      </p>
      <p className="flag-item__explain">{t('flagExplain', { rule: explainKey(flag.rule) })}</p>
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
        </time>{' '}
        ·{' '}
        <Link href={lotHref(flag.auctionId, flag.lotId)} prefetch={false}>
          {t('flagLotLink', { lot })}
        </Link>
      </p>
      {flag.reviews && flag.reviews.length > 0 && (
        <ol className="flag-item__reviews" aria-label={t('flagReviewsTitle')}>
          {flag.reviews.map((review) => (
            <li key={review.reviewedAt + review.loginId}>
              {t('flagReviewBy', {
                outcome: review.outcome,
                name: review.displayName,
                time: format.dateTime(new Date(review.reviewedAt), {
                  dateStyle: 'short',
                  timeStyle: 'short',
                }),
              })}
              : <q>{review.note}</q>
            </li>
          ))}
        </ol>
      )}
      <FlagReviewForm
        flagId={flag.id}
        flagLabel={`${rule} · ${lot}`}
        choices={reviewChoices(state, role)}
        onSending={onSending}
        onReviewed={onReviewed}
        onFailed={onFailed}
      />
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
