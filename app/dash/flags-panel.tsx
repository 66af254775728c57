'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import type { StoredBid } from '@/lib/realtime/bid-store';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { flagRules } from '@/lib/sale-desk/flags/flag-rules';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import {
  readAcknowledged,
  withAcknowledged,
  writeAcknowledged,
} from '@/lib/sales/acknowledged-flags';
import type { Sale } from '@/lib/sales/lot';
import { lotLabelOf } from '@/lib/sales/sale-view';
import { ruleKey } from './sale-labels';

const shownFlags = 100;

/**
 * The flags raised on what this view shows (docs/product-contract.md §11, "Flags"): newest first,
 * counts per rule, new ones announced politely, each acknowledged in this browser.
 */
export function FlagsPanel({
  flags,
  sales,
  bids,
  replaying,
}: {
  flags: readonly Flag[];
  sales: readonly Sale[];
  bids: readonly StoredBid[];
  /** The earlier bids are still loading: the flags they raise are not news. */
  replaying: boolean;
}) {
  const t = useTranslations('SaleDesk');
  const format = useFormatter();
  const formatMoney = useFormatMoney();
  const toggleId = useId();
  const [acknowledged, setAcknowledged] = useState<readonly string[]>(readAcknowledged);
  const [showAcknowledged, setShowAcknowledged] = useState(false);
  // Flags already raised when the panel appeared, or by the replay of earlier bids, are not news;
  // later ones are announced.
  const [initialIds, setInitialIds] = useState<ReadonlySet<string> | null>(() =>
    replaying ? null : new Set(flags.map((flag) => flag.id)),
  );
  if (initialIds === null && !replaying) setInitialIds(new Set(flags.map((flag) => flag.id)));

  const acknowledgedSet = new Set(acknowledged);
  const fresh = initialIds === null ? [] : flags.filter((flag) => !initialIds.has(flag.id));
  const lotText = (flag: Flag) => {
    const { lotNumber } = lotLabelOf(sales, flag.auctionId, flag.lotId);
    return lotNumber === undefined ? flag.lotId : String(lotNumber);
  };
  const announcement =
    fresh.length === 0
      ? ''
      : t('flagsAnnouncement', {
          count: fresh.length,
          rule: t(ruleKey[fresh[0]!.rule]),
          lot: lotText(fresh[0]!),
        });
  const counts = new Map(flagRules.map((rule) => [rule, 0]));
  for (const flag of flags) counts.set(flag.rule, counts.get(flag.rule)! + 1);
  const visible = flags
    .filter((flag) => showAcknowledged || !acknowledgedSet.has(flag.id))
    .slice(0, shownFlags);
  const bidById = new Map(bids.map((bid) => [bid.bidId, bid]));

  const acknowledge = (id: string) => {
    const next = withAcknowledged(acknowledged, id);
    writeAcknowledged(next);
    setAcknowledged(next);
  };

  return (
    <section className="card flags" aria-labelledby="flags-title">
      <div className="card__header">
        <h2 id="flags-title">{t('flagsTitle')}</h2>
        <label className="flags__toggle" htmlFor={toggleId}>
          <input
            id={toggleId}
            type="checkbox"
            checked={showAcknowledged}
            onChange={(event) => setShowAcknowledged(event.target.checked)}
          />{' '}
          {t('showAcknowledged')}
        </label>
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="flags-announcement">
        {announcement}
      </p>
      <h3 className="visually-hidden">{t('flagsCounts')}</h3>
      <dl className="flag-counts">
        {flagRules.map((rule) => (
          <div key={rule}>
            <dt>{t(ruleKey[rule])}</dt>
            <dd data-testid={`flag-count-${rule}`}>{format.number(counts.get(rule)!)}</dd>
          </div>
        ))}
      </dl>
      {visible.length === 0 ? (
        <p className="empty">{t('flagsEmpty')}</p>
      ) : (
        // Focusable: a keyboard user can scroll a long list even when none of it is a button.
        <div
          className="flags__scroller"
          tabIndex={0}
          role="region"
          aria-label={t('flagsListLabel')}
        >
          <ul className="flag-list">
            {visible.map((flag, index) => {
              const isAcknowledged = acknowledgedSet.has(flag.id);
              const { saleTitle, lotNumber } = lotLabelOf(sales, flag.auctionId, flag.lotId);
              const title = bidById.get(flag.bidIds.at(-1) ?? '')?.lotTitle;
              const amounts = flag.bidIds
                .map((id) => bidById.get(id))
                .filter((bid) => bid !== undefined)
                .map((bid) => `${bid.bidder} ${formatMoney(bid.amount, bid.currency)}`);
              return (
                <li
                  key={flag.id}
                  className="flag-item"
                  data-testid="flag"
                  data-rule={flag.rule}
                  data-acknowledged={isAcknowledged || undefined}
                >
                  <p className="flag-item__head" id={`${toggleId}-flag-${index}`}>
                    <strong>{t(ruleKey[flag.rule])}</strong> ·{' '}
                    {lotNumber === undefined
                      ? t('unnumbered')
                      : t('lotNumber', { number: lotNumber })}
                    {title ? ` · ${title}` : ''}
                    {saleTitle ? ` · ${saleTitle}` : ''}
                  </p>
                  <p>
                    {t('flagPaddles', { paddles: flag.paddles.join(', ') })} ·{' '}
                    {t('flagBids', { count: flag.bidIds.length })}
                    {amounts.length > 0 ? `: ${amounts.join(', ')}` : ''} ·{' '}
                    <time dateTime={flag.raisedAt}>
                      {format.dateTime(new Date(flag.raisedAt), { timeStyle: 'medium' })}
                    </time>
                  </p>
                  {isAcknowledged ? (
                    <p className="flag-item__done">{t('acknowledged')}</p>
                  ) : (
                    <button
                      type="button"
                      className="button-secondary"
                      aria-describedby={`${toggleId}-flag-${index}`}
                      onClick={() => acknowledge(flag.id)}
                    >
                      {t('acknowledge')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
