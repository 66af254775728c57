'use client';

import { useTranslations } from 'next-intl';
import { memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Role } from '@/lib/auth/roles';
import { saleDesk } from '@/lib/realtime/stores';
import type { FlagState } from '@/lib/sale-desk/flags/flag-review';
import type { Sale } from '@/lib/sales/lot';
import type { DeskFlag, RecordedFlag } from '@/lib/sales/recorded-flag';
import { lotLabelOf } from '@/lib/sales/sale-view';
import { readStoredUser } from '@/lib/auth/stored-user';
import { FlagCounts, FlagItem } from './flag-item';
import './flags.css';

const shownFlags = 100;
/** A flag whose bids the record no longer holds (retention). */
const noBids: readonly never[] = [];

/** The panel's views: the flags still to review (the default), each state, or every flag. */
const filters = ['unresolved', 'open', 'escalated', 'cleared', 'all'] as const;
type Filter = (typeof filters)[number];

const inFilter = (filter: Filter, state: FlagState) =>
  filter === 'all' || (filter === 'unresolved' ? state !== 'cleared' : filter === state);

/** A review the server answered: the desk shows it at once, before its announcement arrives. */
const takeReviewed = (flag: RecordedFlag) => saleDesk.takeFlag(flag);

/**
 * The flags raised on what this view shows (docs/product-contract.md §11, §14): newest first,
 * counts per rule, filtered by review state, each reviewable (cleared or escalated with a note),
 * the same in every console. New ones are announced by `FlagsAnnouncement`, which the view
 * renders beside the board. Each flag comes with its bids as recorded, so the panel takes no
 * bid: it renders when the flags or the catalogue change, not at every frame that brings a bid.
 */
export const FlagsPanel = memo(function FlagsPanel({
  flags,
  sales,
  role: givenRole,
  onReviewed = takeReviewed,
}: {
  flags: readonly DeskFlag[];
  sales: readonly Sale[];
  /** The viewer's role; by default the signed-in user's, as this browser stored it. */
  role?: Role;
  onReviewed?: (flag: RecordedFlag) => void;
}) {
  const t = useTranslations('SaleDesk');
  const filterId = useId();
  const [storedRole] = useState<Role>(() => readStoredUser()?.role ?? 'clerk');
  const role = givenRole ?? storedRole;
  const [filter, setFilter] = useState<Filter>('unresolved');

  const visible = flags
    .filter((flag) => inFilter(filter, flag.state ?? 'open'))
    .slice(0, shownFlags);

  // A review can take its flag out of the view (cleared, in "to review") or its buttons away: the
  // focus goes on to the flag that took its place (or the one before, or the panel's heading),
  // or stays on the flag, never to the page. Noted when the review is sent: the desk may show
  // it (the staff channel's announcement) before its own answer arrives.
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<{ index: number; id: string; state: FlagState } | null>(null);
  const [, settle] = useState(0);
  useEffect(() => {
    if (focusFrom.current === null) return;
    const { index: from, id, state } = focusFrom.current;
    const shown = visible.find((flag) => flag.id === id);
    // The desk has not shown the review yet: the next render will.
    if (shown && (shown.state ?? 'open') !== state) return;
    focusFrom.current = null;
    const items = [...(list.current?.children ?? [])] as HTMLElement[];
    if (shown) {
      const item = items.find((element) => element.dataset.flagId === id);
      // Still in the view, the focus still in it (a note kept): left there. Else its next move,
      // or the flag itself (its form's button is gone).
      if (item?.contains(document.activeElement)) return;
      (item?.querySelector('button') ?? item)?.focus();
      return;
    }
    const order = [...items.slice(from), ...items.slice(0, from).reverse()];
    const next = order.map((item) => item.querySelector('button')).find(Boolean);
    (next ?? heading.current)?.focus();
  });

  const sending = useCallback((id: string, outcome: FlagState) => {
    const index = [...(list.current?.children ?? [])].findIndex(
      (item) => (item as HTMLElement).dataset.flagId === id,
    );
    focusFrom.current = index < 0 ? null : { index, id, state: outcome };
  }, []);
  const reviewed = useCallback(
    (flag: RecordedFlag) => {
      // The state it now has (someone else's review may have won).
      if (focusFrom.current?.id === flag.id) focusFrom.current.state = flag.state;
      onReviewed(flag);
      // The desk may have shown it already: the focus is settled at this render all the same.
      settle((count) => count + 1);
    },
    [onReviewed],
  );
  const failed = useCallback((id: string) => {
    if (focusFrom.current?.id === id) focusFrom.current = null;
  }, []);

  return (
    <section className="card flags" aria-labelledby="flags-title">
      <div className="card__header">
        <h2 id="flags-title" ref={heading} tabIndex={-1}>
          {t('flagsTitle')}
        </h2>
        <label className="flags__filter" htmlFor={filterId}>
          {t('flagsFilter')}{' '}
          <select
            id={filterId}
            data-testid="flags-filter"
            value={filter}
            onChange={(event) => setFilter(event.target.value as Filter)}
          >
            {filters.map((option) => (
              <option key={option} value={option}>
                {t('flagsFilterOption', { filter: option })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <h3 className="visually-hidden">{t('flagsCounts')}</h3>
      <FlagCounts flags={flags} />
      {visible.length === 0 ? (
        <p className="empty">{flags.length === 0 ? t('flagsEmpty') : t('flagsNoneInFilter')}</p>
      ) : (
        // Focusable: a keyboard user can scroll a long list even when none of it is a button.
        <div
          className="flags__scroller"
          tabIndex={0}
          role="region"
          aria-label={t('flagsListLabel')}
        >
          <ul className="flag-list" ref={list}>
            {visible.map((flag) => {
              const { saleTitle, lotNumber } = lotLabelOf(sales, flag.auctionId, flag.lotId);
              return (
                <FlagItem
                  key={flag.id}
                  flag={flag}
                  bids={flag.bids ?? noBids}
                  saleTitle={saleTitle}
                  lotNumber={lotNumber}
                  role={role}
                  onSending={sending}
                  onReviewed={reviewed}
                  onFailed={failed}
                />
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
});
