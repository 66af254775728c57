'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import type { Sale } from '@/lib/sales/lot';
import { lotLabelOf } from '@/lib/sales/sale-view';
import { ruleKey } from './sale-labels';

/** How many flag ids the announcer keeps at most (the engine lists 500). */
const maxKnown = 5_000;

/** What the announcer has heard of: the flags list it last read, and what it last said. */
interface Heard {
  flags: readonly Flag[] | null;
  known: ReadonlySet<string>;
  text: string;
  said: number;
  /** The language `text` is in. */
  locale: string;
}

/**
 * The polite announcement of new flags. Rendered with the board, not with the flags panel a frame
 * later (ADR 23): a live region's content when it appears is not read out, so a flag raised in
 * that frame would have gone unannounced.
 *
 * Each flag is announced once, when it is raised, and only in the view that shows it: the text
 * is set then and kept, so changing the view (which re-renders everything) reads nothing out
 * again, where a text rebuilt from the view's flags was read as news each time. Changing the
 * language empties it: kept, the last flag stayed in the language it was said in (a screen reader
 * reading the page found English in a French console); translated, it would be read out again. A
 * removal is not read out, and the next flag is said in the new language.
 */
export function FlagsAnnouncement({
  flags,
  focusedSale,
  sales,
  notNews,
}: {
  /** Every sale's flags, newest first. */
  flags: readonly Flag[];
  /** `?sale=`: only this sale's new flags are announced; null on the all-sales view. */
  focusedSale: string | null;
  sales: readonly Sale[];
  /**
   * The flags that are not news (`useFlagsNotNews`): the others are announced. Null until the
   * record's first read answers, when none is.
   */
  notNews: ReadonlySet<string> | null;
}) {
  const t = useTranslations('SaleDesk');
  const locale = useLocale();
  const [heard, setHeard] = useState<Heard>(() => ({
    flags: null,
    known: new Set(),
    text: '',
    said: 0,
    locale,
  }));

  if (heard.locale !== locale) {
    setHeard({ ...heard, text: '', locale });
  } else if (notNews !== null && heard.flags !== flags) {
    const known = heard.flags === null ? notNews : heard.known;
    const fresh = flags.filter(
      (flag) => !known.has(flag.id) && (focusedSale === null || flag.auctionId === focusedSale),
    );
    const newest = fresh[0];
    let next = { text: heard.text, said: heard.said };
    if (newest) {
      const { lotNumber, saleTitle } = lotLabelOf(sales, newest.auctionId, newest.lotId);
      next = {
        text: t('flagsAnnouncement', {
          count: fresh.length,
          rule: t(ruleKey[newest.rule]),
          lot: lotNumber === undefined ? newest.lotId : String(lotNumber),
          // Every sale has a lot 45: the all-sales view says whose.
          scope: focusedSale === null ? 'sale' : 'focused',
          sale: saleTitle ?? newest.auctionId,
        }),
        said: heard.said + 1,
      };
    }
    // Cumulative: "Reload earlier bids" empties the flags and the record's next read brings the
    // same ones again, which were told already. Bounded all the same.
    const grown = new Set(known.size > maxKnown ? [] : known);
    for (const flag of flags) grown.add(flag.id);
    setHeard({ flags, known: grown, locale, ...next });
  }

  return (
    <p className="visually-hidden" aria-live="polite" data-testid="flags-announcement">
      {/* A new element for each announcement: the same words twice in a row (another flag of
          the same rule on the same lot) are an addition to the region all the same, read out. */}
      {heard.text !== '' && <span key={heard.said}>{heard.text}</span>}
    </p>
  );
}
