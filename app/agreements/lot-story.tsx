'use client';

import Link from 'next/link';
import { useId } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { lotHref, reserveKey, ruleKey } from '@/app/dash/sale-labels';
import { useFormatDateTime } from '@/lib/i18n/use-format-date-time';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import type { LotStory as Story } from '@/lib/sales/lot-story';

/**
 * An agreement's lot as the record tells it (docs/product-contract.md §14): hammer, underbidder,
 * bids, bidders, estimate, reserve, and its flags with every review, with a link to the lot on the
 * sale desk; shown in the agreement's history, where a supervisor decides.
 */
export function LotStory({ story }: { story: Story }) {
  const t = useTranslations('DecisionLog');
  const tDesk = useTranslations('SaleDesk');
  const format = useFormatter();
  const formatMoney = useFormatMoney();
  const when = useFormatDateTime();
  const titleId = useId();
  const money = (amount: number | null) =>
    amount === null ? tDesk('noValue') : formatMoney(amount, story.currency);
  const facts: [string, string][] = [
    [t('storyLot'), tDesk('lotNumber', { number: story.lotNumber }) + ` · ${story.saleTitle}`],
    [t('storyStatus'), t('storyStatusValue', { status: story.status })],
    [t('storyHammer'), money(story.hammer)],
    [t('storyUnderbidder'), story.underbidder ?? tDesk('noValue')],
    [t('storyBids'), format.number(story.bids)],
    [t('storyBidders'), format.number(story.bidders)],
    [
      t('storyEstimate'),
      t('storyEstimateValue', { low: money(story.lowEstimate), high: money(story.highEstimate) }),
    ],
    [t('storyReserve'), tDesk(reserveKey[story.reserveState])],
  ];
  return (
    <section className="lot-story" aria-labelledby={titleId} data-testid="lot-story">
      <h3 id={titleId}>{t('storyTitle')}</h3>
      <dl className="lot-story__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h4>{t('storyFlags')}</h4>
      {story.flags.length === 0 ? (
        <p>{t('storyNoFlags')}</p>
      ) : (
        <ul className="lot-story__flags">
          {story.flags.map((flag) => (
            <li key={flag.id} data-testid="lot-story-flag" data-state={flag.state}>
              <strong>{tDesk(ruleKey[flag.rule])}</strong> ·{' '}
              {tDesk('flagState', { state: flag.state })} ·{' '}
              <time dateTime={flag.raisedAt}>{when(flag.raisedAt)}</time>
              {flag.reviews.length > 0 && (
                <ol>
                  {flag.reviews.map((review) => (
                    <li key={review.reviewedAt + review.loginId}>
                      {tDesk('flagReviewBy', {
                        outcome: review.outcome,
                        name: review.displayName,
                        time: when(review.reviewedAt),
                      })}
                      : <q>{review.note}</q>
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link href={lotHref(story.auctionId, story.lotId)}>{t('storyLink')}</Link>
      </p>
    </section>
  );
}
