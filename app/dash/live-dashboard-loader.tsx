'use client';

import { useEffect, useState } from 'react';
import type { FirstRead } from '@/lib/sales/first-read';

type LiveDashboardModule = typeof import('./live-dashboard');

// Client only: the module is imported from effects, never during the server render. The chunk is
// separate, so /sign and the rest of the console never download the SDK.
let loading: Promise<LiveDashboardModule> | null = null;
let loaded: LiveDashboardModule | null = null;
function loadLiveDashboard(): Promise<LiveDashboardModule> {
  loading ??= import('./live-dashboard').then((module) => (loaded = module));
  // A failed load is asked again the next time (a retry from the area's error screen).
  loading.catch(() => (loading = null));
  return loading;
}

/**
 * Rendered beside the access guard, not inside it: fetches the live part while the check runs
 * rather than after it allows (docs/adr/0013-render-what-a-frame-changed.md). Only /dash renders
 * it, and its layout has already turned a signed-out visitor away on the server.
 */
export function LiveDashboardPreload() {
  useEffect(() => {
    // Not reported here: `LiveDashboardLoader` meets the same failure and shows it.
    loadLiveDashboard().catch(() => {});
  }, []);
  return null;
}

/**
 * The live part of /dash, rendered once the access check allows: at once when the preload has
 * brought it, else as soon as it arrives. A state update rather than next/dynamic's Suspense,
 * whose reveal React holds back until 300 ms after the fallback it replaces (FALLBACK_THROTTLE_MS
 * in react-dom): that was most of the 0.3 s between the access check's answer and the live part
 * asking for its configuration.
 */
export function LiveDashboardLoader({ firstRead }: { firstRead: FirstRead | null }) {
  const [module, setModule] = useState(loaded);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (module) return;
    let cancelled = false;
    loadLiveDashboard().then(
      (arrived) => !cancelled && setModule(arrived),
      (error: unknown) => !cancelled && setFailure(error ?? new Error('live dashboard failed')),
    );
    return () => {
      cancelled = true;
    };
  }, [module]);

  // To the area's error boundary, as a failed next/dynamic load went.
  if (failure !== null) throw failure;
  // The live part's place, kept while it loads, so what follows (the service line) stays put.
  if (module === null) return <div className="live-dashboard" aria-busy="true" />;
  const { default: LiveDashboard } = module;
  return <LiveDashboard firstRead={firstRead} />;
}
