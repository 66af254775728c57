import type { ReactNode } from 'react';
import { requirePageSession } from '@/lib/server/auth/page-session';

// The server check runs in the layout, outside the page's loading boundary, so a refused
// session is a real HTTP redirect before anything streams.
export default async function DashLayout({ children }: { children: ReactNode }) {
  await requirePageSession();
  // `dash-page` is in the server's first HTML, around the loading and error screens too: the wider
  // page it asks for (globals.css) is there from the first paint, not once the check allows.
  return <div className="dash-page">{children}</div>;
}
