import type { Agreement, AgreementPage, AgreementStatus } from './agreement';

export interface PageChanges {
  /** Shown with the list's status, no longer in it: decided (or changed) by someone else. */
  changedElsewhere: string[];
  /** In the page now, not shown yet. */
  added: number;
}

/**
 * What a fresh copy of the page says about the one on screen. Pages start after a fixed position
 * and new agreements only come after it, so a shown row missing from the fresh page left the
 * list's status; rows this screen decided (shown with another status) are not counted.
 */
export function pageChanges(
  shown: readonly Agreement[],
  saving: Readonly<Record<string, unknown>>,
  fresh: AgreementPage,
  status: AgreementStatus,
): PageChanges {
  const freshIds = new Set(fresh.items.map((item) => item.id));
  const shownIds = new Set(shown.map((item) => item.id));
  return {
    changedElsewhere: shown
      .filter((item) => item.status === status && !(item.id in saving) && !freshIds.has(item.id))
      .map((item) => item.id),
    added: fresh.items.filter((item) => !shownIds.has(item.id)).length,
  };
}
