'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

/**
 * A client navigation leaves the focus alone. When the element that held it went with the old
 * page (the sign-in form's button, as the dashboard replaces the form), the browser keeps that
 * element's place as where Tab starts from, and the first Tab lands inside the new page, past the
 * skip link and the header. The focus then starts again from the top of the document, as after a
 * page load: the body takes it (focusable only until it loses it again, so a click elsewhere is
 * not drawn to it), and the first Tab reaches the skip link. A focus still on the page (a filter,
 * a link of the header, a field the new page focused) is left where it is.
 */
export function FocusAfterNavigation() {
  const pathname = usePathname();
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const { body } = document;
    if (document.activeElement !== null && document.activeElement !== body) return;
    body.tabIndex = -1;
    body.addEventListener('blur', () => body.removeAttribute('tabindex'), { once: true });
    body.focus({ preventScroll: true });
  }, [pathname]);

  return null;
}
