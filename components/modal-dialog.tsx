'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the dialog element. */
  className?: string;
  /** Where the focus goes when the element that opened the dialog is gone when it closes. */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * A modal on the native `<dialog>`: the browser traps focus, makes the page behind inert and
 * closes it on Escape. Shown while mounted; the element marked `data-autofocus` gets the focus,
 * which returns to where it was when the dialog closes.
 */
export function ModalDialog({
  title,
  onClose,
  children,
  className,
  fallbackFocus,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  const fallbackRef = useRef(fallbackFocus);
  useEffect(() => {
    onCloseRef.current = onClose;
    fallbackRef.current = fallbackFocus;
  }, [onClose, fallbackFocus]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnFocusTo =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // React focuses `autoFocus` elements before the dialog opens, which does nothing: the element
    // marked `data-autofocus` takes the focus once it is shown (else the browser picks the first).
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    // A `close` event of a dialog open again is a stale one: in development React runs this effect
    // twice, and the first cleanup's `close()` fires its event after the second run reopened it.
    const close = () => {
      if (!dialog.open) onCloseRef.current();
    };
    dialog.addEventListener('close', close);
    return () => {
      dialog.removeEventListener('close', close);
      if (dialog.open) dialog.close();
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
      else fallbackRef.current?.()?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={['modal', className].filter(Boolean).join(' ')}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
