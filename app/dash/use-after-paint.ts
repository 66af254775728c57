'use client';

import { useEffect, useState } from 'react';

/**
 * False until the frame after `ready` first held has been painted, then true for good: what
 * renders on it (the cards below the board) comes in a task of its own, after the browser has
 * shown what `ready` revealed, instead of lengthening the task that reveals it.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callbacks run before its paint; a task set from one runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
