import type { ReactNode } from 'react';
import { requirePageSession } from '@/lib/server/auth/page-session';

// The server check runs in the layout, outside the page's loading boundary, so a refused
// session is a real HTTP redirect before anything streams.
export default async function DashLayout({ children }: { children: ReactNode }) {
  await requirePageSession();
  return children;
}
