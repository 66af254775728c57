'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { hasSettled } from '@/lib/realtime/settled';
import { useBidStore } from '@/lib/realtime/use-bid-store';
import { useRealtime } from '@/lib/realtime/use-realtime';
import { saleDesk } from '@/lib/realtime/stores';
import { useSaleDesk } from '@/lib/realtime/use-sale-desk';
import type { FirstRead } from '@/lib/sales/first-read';
import { lotLabelOf, saleBoard } from '@/lib/sales/sale-view';
import { BidRateSparkline } from './bid-rate-sparkline';
import { CatalogueNotice } from './catalogue-notice';
import { ConnectionStatus } from './connection-status';
import { DashboardKpis } from './dashboard-kpis';
import { FlagsAnnouncement } from './flags-announcement';
import { FlagsPanel } from './flags-panel';
import { LiveFeed, type BidLabel } from './live-feed';
import { LiveNotices } from './live-notices';
import { LotLeaderboard } from './lot-leaderboard';
import { SaleFocus } from './sale-focus';
import { SalesOverview } from './sales-overview';
import { useAfterPaint } from './use-after-paint';
import { useNowEvery } from './use-now-every';
import { useFlagsNotNews } from './use-flags-not-news';

const settleWaitMs = 3000;

/**
 * The live part of /dash: loaded only after the access check allows (it carries the SDK).
 * `?sale=ID` focuses one sale (docs/product-contract.md §11); the URL holds the choice, so a
 * reload, Back and a shared link show the same view.
 */
export default function LiveDashboard({ firstRead = null }: { firstRead?: FirstRead | null }) {
  // The record the page was rendered with (`?sale=` opened as a page), taken before anything is
  // asked: the board paints from it, and the connection reads on from its `recordedThrough`.
  useState(() => firstRead && saleDesk.seed(firstRead.catalogue));
  const { retry, restart } = useRealtime(firstRead);
  const snapshot = useBidStore();
  const desk = useSaleDesk();
  const params = useSearchParams();
  const saleId = params.get('sale');
  // "Last minute" figures move on even when no bid arrives.
  const now = useNowEvery(5000);

  // The figures, board and feed appear once, with the earlier bids in, rather than growing and
  // reordering under the reader while they arrive (layout shift); never later than
  // `settleWaitMs`, so a slow history read only delays them that long.
  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLong(true), settleWaitMs);
    return () => clearTimeout(timer);
  }, []);
  const settled = waitedLong || hasSettled(snapshot, desk);
  // The figures and the board first; the feed, the flags and the rate a painted frame later. The
  // board is what a clerk reads first, and at 1440px it fills the screen before the feed starts.
  const restShown = useAfterPaint(settled);
  // Taken when the first read of the record answers: the flags it brings were raised before this
  // page opened; one a later read brings is news, even before the panels appear (above).
  const flagsNotNews = useFlagsNotNews(desk.flags, !desk.catalogueAnswered);

  // What is shown and announced: the focused sale's flags, or every sale's.
  const flags = useMemo(
    () => (saleId ? desk.flags.filter((flag) => flag.auctionId === saleId) : desk.flags),
    [desk.flags, saleId],
  );

  const reloadCatalogue = useCallback(() => void saleDesk.refresh(), []);
  // The all-sales view after a sale's page, which came with that sale's record alone.
  useEffect(() => {
    if (saleId === null) void saleDesk.readAll();
  }, [saleId]);

  const shownNow = Math.max(now, snapshot.rateEndsAt);
  // The same function until the catalogue changes: the feed's rows compare what it answers.
  const labelOf = useCallback<BidLabel>(
    (bid) => lotLabelOf(desk.sales, bid.auctionId, bid.lotId),
    [desk.sales],
  );

  // Every sale's board, those the catalogue lacks too: the all-sales view's lots open now.
  const allRows = useMemo(() => {
    if (saleId) return [];
    const catalogued = new Set(desk.sales.map((sale) => sale.auctionId));
    const uncatalogued = new Set<string>();
    for (const record of desk.records.values())
      if (!catalogued.has(record.auctionId)) uncatalogued.add(record.auctionId);
    return [
      ...desk.sales.map((sale) => ({ sale, auctionId: sale.auctionId })),
      ...[...uncatalogued].map((auctionId) => ({ sale: undefined, auctionId })),
    ].flatMap(({ sale, auctionId }) =>
      saleBoard({ sale, auctionId, records: desk.records, flags: [] }),
    );
  }, [saleId, desk.sales, desk.records]);
  const saleTitleOf = useCallback(
    (auctionId: string) =>
      desk.sales.find((sale) => sale.auctionId === auctionId)?.saleTitle ?? auctionId,
    [desk.sales],
  );

  return (
    <>
      {/* Outside the busy region and there from the first render, in both views: a live region
          is read out when its text changes, not when it appears, nor, for some readers, while
          its region is busy. */}
      <FlagsAnnouncement
        flags={desk.flags}
        focusedSale={saleId || null}
        sales={desk.sales}
        notNews={flagsNotNews}
      />
      <div className="live-dashboard" aria-busy={!(settled && restShown)}>
        <ConnectionStatus snapshot={snapshot} onRetry={retry} onRestart={restart} />
        {settled && <CatalogueNotice desk={desk} onRetry={reloadCatalogue} />}
        {!settled ? null : saleId ? (
          <SaleFocus
            auctionId={saleId}
            lotId={params.get('lot')}
            snapshot={snapshot}
            desk={desk}
            flags={flags}
            labelOf={labelOf}
            now={shownNow}
            restShown={restShown}
          />
        ) : (
          <>
            <DashboardKpis snapshot={snapshot} records={desk.records} now={shownNow} />
            <SalesOverview snapshot={snapshot} desk={desk} now={shownNow} />
            {restShown && (
              <>
                <div className="live-dashboard__grid">
                  <LiveFeed bids={snapshot.bids} labelOf={labelOf} />
                  <LotLeaderboard rows={allRows} saleTitleOf={saleTitleOf} />
                </div>
                <FlagsPanel flags={flags} sales={desk.sales} />
              </>
            )}
          </>
        )}
        {restShown && <BidRateSparkline snapshot={snapshot} inSaleFocus={saleId !== null} />}
        {restShown && <LiveNotices snapshot={snapshot} />}
      </div>
    </>
  );
}
