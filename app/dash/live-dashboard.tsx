'use client';

import { useEffect, useState } from 'react';
import { useBidStore } from '@/lib/realtime/use-bid-store';
import { useRealtime } from '@/lib/realtime/use-realtime';
import { BidRateSparkline } from './bid-rate-sparkline';
import { ConnectionStatus } from './connection-status';
import { DashboardKpis } from './dashboard-kpis';
import { LiveFeed } from './live-feed';
import { LotLeaderboard } from './lot-leaderboard';

/** The live part of /dash: loaded only after the access check allows (it carries the SDK). */
export default function LiveDashboard() {
  const { retry } = useRealtime();
  const snapshot = useBidStore();
  const [now, setNow] = useState(() => Date.now());

  // "Last minute" figures move on even when no bid arrives.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className="live-dashboard">
      <ConnectionStatus snapshot={snapshot} onRetry={retry} />
      <DashboardKpis snapshot={snapshot} now={Math.max(now, snapshot.rateEndsAt)} />
      <div className="live-dashboard__grid">
        <LiveFeed bids={snapshot.bids} />
        <LotLeaderboard lots={snapshot.lots} />
      </div>
      <BidRateSparkline snapshot={snapshot} />
    </div>
  );
}
