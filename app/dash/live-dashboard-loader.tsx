'use client';

import dynamic from 'next/dynamic';

// Client only and loaded on demand: the PubNub SDK never reaches /sign or a signed-out visitor.
export const LiveDashboardLoader = dynamic(() => import('./live-dashboard'), { ssr: false });
