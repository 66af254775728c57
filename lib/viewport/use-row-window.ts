'use client';

import { useEffect, useState } from 'react';
import { rowWindow, type RowWindow } from './row-window';

interface Viewport {
  top: number;
  height: number;
}

/**
 * The rows of an element's scrolled list that are in view (row-window.ts), following its scroll
 * and its size. `attach` is the scrolling element's ref callback; before it is measured (the server's render),
 * the first `overscan` rows are the window.
 */
export function useRowWindow({
  count,
  rowHeight,
  overscan,
}: {
  count: number;
  rowHeight: number;
  overscan: number;
}): RowWindow & { attach: (element: HTMLElement | null) => void } {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [viewport, setViewport] = useState<Viewport>({ top: 0, height: 0 });

  useEffect(() => {
    if (element === null) return;
    const read = () =>
      setViewport((last) =>
        last.top === element.scrollTop && last.height === element.clientHeight
          ? last
          : { top: element.scrollTop, height: element.clientHeight },
      );
    read();
    element.addEventListener('scroll', read, { passive: true });
    // Where there is none (an old browser, jsdom), the height is the one read at first.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    resize?.observe(element);
    return () => {
      element.removeEventListener('scroll', read);
      resize?.disconnect();
    };
  }, [element]);

  return {
    attach: setElement,
    ...rowWindow({
      scrollTop: viewport.top,
      viewportHeight: viewport.height,
      rowHeight,
      count,
      overscan,
    }),
  };
}
