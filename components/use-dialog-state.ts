'use client';

import { useCallback, useRef, useState } from 'react';

/**
 * Which dialog a screen has open, each opening with a key of its own. Render the dialog with
 * `key={key}`: opened again while the last one is still closing (Escape closes the native dialog
 * a task before its `close` event reaches React), it mounts afresh and shows itself, where the
 * same element, already closed by the browser, would stay mounted and hidden.
 */
export function useDialogState<T>() {
  const [open, setOpen] = useState<{ dialog: T; key: number } | null>(null);
  const openings = useRef(0);
  const openDialog = useCallback((dialog: T) => {
    openings.current += 1;
    setOpen({ dialog, key: openings.current });
  }, []);
  const closeDialog = useCallback(() => setOpen(null), []);
  return { dialog: open?.dialog ?? null, dialogKey: open?.key ?? 0, openDialog, closeDialog };
}
