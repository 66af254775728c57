'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { StoredBid } from '@/lib/realtime/bid-store';
import {
  readAcknowledged,
  withAcknowledged,
  writeAcknowledged,
} from '@/lib/sales/acknowledged-flags';
import type { Sale } from '@/lib/sales/lot';
import type { DeskFlag } from '@/lib/sales/recorded-flag';
import { lotLabelOf } from '@/lib/sales/sale-view';
import { FlagCounts, FlagItem } from './flag-item';

const shownFlags = 100;

/**
 * The flags raised on what this view shows (docs/product-contract.md §11, "Flags"): newest first,
 * counts per rule, each acknowledged in this browser. New ones are announced by
 * `FlagsAnnouncement`, which the view renders beside the board.
 */
export function FlagsPanel({
  flags,
  sales,
  bids,
}: {
  flags: readonly DeskFlag[];
  sales: readonly Sale[];
  bids: readonly StoredBid[];
}) {
  const t = useTranslations('SaleDesk');
  const toggleId = useId();
  const [acknowledged, setAcknowledged] = useState<readonly string[]>(readAcknowledged);
  const [showAcknowledged, setShowAcknowledged] = useState(false);

  const acknowledgedSet = useMemo(() => new Set(acknowledged), [acknowledged]);
  const visible = flags
    .filter((flag) => showAcknowledged || !acknowledgedSet.has(flag.id))
    .slice(0, shownFlags);
  const bidById = useMemo(() => new Map(bids.map((bid) => [bid.bidId, bid])), [bids]);

  // Acknowledging takes the flag, and its button, out of the list: the focus goes on to the
  // flag that took its place (or the one before, or the panel's heading), never to the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    if (focusFrom.current === null) return;
    const from = focusFrom.current;
    focusFrom.current = null;
    const items = [...(list.current?.children ?? [])];
    const order = [...items.slice(from), ...items.slice(0, from).reverse()];
    const next = order.map((item) => item.querySelector('button')).find(Boolean);
    (next ?? heading.current)?.focus();
  });

  const acknowledge = useCallback(
    (id: string) => {
      const next = withAcknowledged(acknowledged, id);
      writeAcknowledged(next);
      const index = [...(list.current?.children ?? [])].findIndex(
        (item) => (item as HTMLElement).dataset.flagId === id,
      );
      focusFrom.current = index < 0 ? null : index;
      setAcknowledged(next);
    },
    [acknowledged],
  );

  return (
    <section className="card flags" aria-labelledby="flags-title">
      <div className="card__header">
        <h2 id="flags-title" ref={heading} tabIndex={-1}>
          {t('flagsTitle')}
        </h2>
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
      <h3 className="visually-hidden">{t('flagsCounts')}</h3>
      <FlagCounts flags={flags} />
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
          <ul className="flag-list" ref={list}>
            {visible.map((flag, index) => {
              const { saleTitle, lotNumber } = lotLabelOf(sales, flag.auctionId, flag.lotId);
              return (
                <FlagItem
                  key={flag.id}
                  flag={flag}
                  bids={
                    // The record's copy of its bids, else those the store still holds.
                    flag.bids ??
                    flag.bidIds.map((id) => bidById.get(id)).filter((bid) => bid !== undefined)
                  }
                  saleTitle={saleTitle}
                  lotNumber={lotNumber}
                  acknowledged={acknowledgedSet.has(flag.id)}
                  headId={`${toggleId}-flag-${index}`}
                  onAcknowledge={acknowledge}
                />
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
