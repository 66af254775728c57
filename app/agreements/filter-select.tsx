'use client';

import { useRef, useState, type ReactNode } from 'react';

/** Keys that leave the choice where it is, or say what becomes of it. */
const notChoosing = new Set(['Enter', 'Escape', 'Tab', 'Shift']);

/**
 * A filter's select whose choice applies once it is made: a click in its list, Enter, or the
 * focus leaving it. An arrow key on a closed select (Chrome on Windows and Linux, among others)
 * chooses the next option and fires `change` at once: applied, each key would load the list
 * again, and the option a keyboard user was on the way to would come after several. Those
 * choices are held, shown and not applied, until one of the three; Escape puts back the applied
 * value. A choice from the open list (the mouse, or Alt+Down then Enter) applies at once.
 */
export function FilterSelect({
  id,
  name,
  value,
  onCommit,
  children,
}: {
  id: string;
  name: string;
  /** The value the list is filtered by. */
  value: string;
  onCommit: (value: string) => void;
  children: ReactNode;
}) {
  // The option the keys reached, over the value it was reached from: a new value (Back, or the
  // choice applied) makes it stale.
  const [held, setHeld] = useState<{ chosen: string; over: string } | null>(null);
  const pending = held !== null && held.over === value ? held.chosen : null;
  // Set by a key's keydown until the task ends: the `change` that key's default action fires
  // comes within it, that of a click or of the open list's Enter does not.
  const keyed = useRef(false);

  const apply = (next: string) => {
    setHeld(null);
    if (next !== value) onCommit(next);
  };

  return (
    <select
      id={id}
      name={name}
      value={pending ?? value}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && pending !== null) apply(pending);
        else if (event.key === 'Escape' && pending !== null) setHeld(null);
        else if (!notChoosing.has(event.key) && !event.altKey && !event.ctrlKey && !event.metaKey) {
          keyed.current = true;
          setTimeout(() => (keyed.current = false));
        }
      }}
      onChange={(event) => {
        if (keyed.current) setHeld({ chosen: event.target.value, over: value });
        else apply(event.target.value);
      }}
      onBlur={() => {
        if (pending !== null) apply(pending);
      }}
    >
      {children}
    </select>
  );
}
