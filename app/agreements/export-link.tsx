'use client';

import { useRef, type MouseEvent, type ReactNode } from 'react';
import { sessionStanding } from '@/lib/auth/auth-api';

/**
 * The export's download link. A download answered 401 is a failed file in the browser's
 * downloads, not a message on the page: the session is asked first, and the click let through
 * once it holds (found by QA: a session ended elsewhere, then "Export CSV").
 */
export function ExportLink({
  href,
  onSessionEnded,
  children,
}: {
  href: string;
  onSessionEnded: () => void;
  children: ReactNode;
}) {
  const allowed = useRef(false);
  const checking = useRef(false);
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (allowed.current) {
      allowed.current = false;
      return;
    }
    // A click with a modifier is the browser's own (save as, a new tab): left to it.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    // A second click while the session is asked downloads nothing more.
    if (checking.current) return;
    checking.current = true;
    const link = event.currentTarget;
    const standing = await sessionStanding();
    checking.current = false;
    if (standing === 'ended') return onSessionEnded();
    allowed.current = true;
    link.click();
  };
  return (
    <a className="button button-secondary" href={href} download onClick={download}>
      {children}
    </a>
  );
}
