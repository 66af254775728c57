'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef } from 'react';
import { isReplaying, type BidStoreSnapshot } from '@/lib/realtime/bid-store';
import type { SaleDeskSnapshot } from '@/lib/realtime/sale-desk-store';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { saleBoard, saleFigures } from '@/lib/sales/sale-view';
import { FlagsPanel } from './flags-panel';
import { LotPanel } from './lot-panel';
import { LiveFeed, type BidLabel } from './live-feed';
import { SaleKpis } from './sale-kpis';
import { SaleLotBoard } from './sale-lot-board';

/** `/dash?sale=ID`: one sale's figures, bids, lots and flags, and nothing of the others. */
export function SaleFocus({
  auctionId,
  lotId,
  snapshot,
  desk,
  flags,
  labelOf,
  now,
  restShown,
}: {
  auctionId: string;
  /** `&lot=LOT`: the lot panel is open on it. */
  lotId: string | null;
  snapshot: BidStoreSnapshot;
  desk: SaleDeskSnapshot;
  /** This sale's flags (the dashboard announces the same list). */
  flags: readonly Flag[];
  labelOf: BidLabel;
  now: number;
  /** The feed and the flags, below the board, once the board has been painted. */
  restShown: boolean;
}) {
  const t = useTranslations('SaleDesk');
  const sale = desk.sales.find((candidate) => candidate.auctionId === auctionId);
  // Kept across frames while their inputs hold: the flags and the catalogue change far less often
  // than the bids, and the panels below skip a render when what they are given is the same.
  const rows = useMemo(
    () => saleBoard({ sale, auctionId, records: desk.records, flags }),
    [sale, auctionId, desk.records, flags],
  );
  const bids = useMemo(
    () => snapshot.bids.filter((bid) => bid.auctionId === auctionId),
    [snapshot.bids, auctionId],
  );
  const rate = snapshot.saleRates.get(auctionId);
  const figures = useMemo(() => saleFigures(rows, rate, now), [rows, rate, now]);
  // A sale the catalogue does not have and no bid has named (a mistyped link): said, rather than
  // an empty desk waiting for bids. Its first bid, if one comes, brings the desk. Not said while
  // the earlier bids are replayed (they may name it), nor when the catalogue failed to load.
  const unknown =
    desk.catalogueLoaded && !isReplaying(snapshot) && sale === undefined && rows.length === 0;

  // Closing the lot panel (its link, Escape, Back) gives the focus back to the lot's link on the
  // board, where the reader opened it (not when another sale's board has come instead).
  const openLot = useRef({ auctionId, lotId });
  useEffect(() => {
    const closed = openLot.current;
    openLot.current = { auctionId, lotId };
    if (lotId !== null || closed.lotId === null || closed.auctionId !== auctionId) return;
    document
      .querySelector<HTMLElement>(`.board [data-lot-id="${CSS.escape(closed.lotId)}"] a`)
      ?.focus();
  }, [auctionId, lotId]);

  return (
    <>
      <section className="sale-focus" aria-labelledby="sale-focus-title">
        <p>
          <Link href="/dash">{t('allSales')}</Link>
        </p>
        <h2 id="sale-focus-title" data-testid="focused-sale">
          {sale?.saleTitle ?? auctionId}
        </h2>
        <p className="sale-focus__lead">{t('focusLead')}</p>
      </section>
      {unknown ? (
        <div className="notice" data-kind="no-sale" role="status">
          <p>{t('saleNotFound', { auctionId })}</p>
        </div>
      ) : (
        <>
          <SaleKpis sale={sale} figures={figures} />
          {lotId !== null && (
            <LotPanel
              key={lotId}
              auctionId={auctionId}
              lotId={lotId}
              row={rows.find((row) => row.lotId === lotId)}
              catalogueLoaded={desk.catalogueLoaded}
              bids={bids}
            />
          )}
          <SaleLotBoard rows={rows} lotPanelOpen={lotId !== null} />
        </>
      )}
      {restShown && !unknown && (
        <div className="live-dashboard__grid">
          <LiveFeed key={auctionId} bids={bids} labelOf={labelOf} />
          <FlagsPanel flags={flags} sales={desk.sales} />
        </div>
      )}
    </>
  );
}
