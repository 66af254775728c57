import type { Agreement, AgreementList, AgreementStatus } from './agreement';

export interface PageChanges {
  /** Shown with the list's status, no longer in it: decided (or changed) by someone else. */
  changedElsewhere: string[];
  /** New agreements: in the page now and not shown, or (on any page) more in the filter's total. */
  added: number;
}

/**
 * What a fresh copy of the page says about the one on screen. Pages start after a fixed position
 * and new agreements only come after it, so a shown row missing from the fresh page left the
 * list's status; rows this screen decided (shown with another status) are not counted.
 *
 * New agreements usually land on another page (the queue's end): the filter's total tells them
 * apart. It was `loadedTotal` with the page; rows of this page that left the filter since (decided
 * here or elsewhere) lower it, so a fresh total above what is left counts new arrivals. Decisions
 * made elsewhere on other pages lower it too: the count may be short, never invented. In the page,
 * rows not shown before are new only beyond those that slid up from the next page into the room
 * the rows that left made.
 */
export function pageChanges(
  shown: readonly Agreement[],
  saving: Readonly<Record<string, unknown>>,
  fresh: AgreementList,
  status: AgreementStatus,
  loadedTotal: number,
): PageChanges {
  const freshIds = new Set(fresh.items.map((item) => item.id));
  const shownIds = new Set(shown.map((item) => item.id));
  const changedElsewhere = shown
    .filter((item) => item.status === status && !(item.id in saving) && !freshIds.has(item.id))
    .map((item) => item.id);
  // Decided here once saved: a row still saving is in the server's total yet (QA: a slow save
  // showed "1 new agreement" that never came).
  const leftHere = shown.filter((item) => item.status !== status && !(item.id in saving)).length;
  const inTotal = fresh.total - (loadedTotal - leftHere - changedElsewhere.length);
  // A row that left the page makes room for one from the next page: as many rows not shown as
  // left are those sliding up, not new ones (found by QA: "1 new agreement" that never came).
  const left = shown.filter((item) => !freshIds.has(item.id)).length;
  const inPage = fresh.items.filter((item) => !shownIds.has(item.id)).length - left;
  return { changedElsewhere, added: Math.max(inPage, inTotal, 0) };
}

/** The list's counts as this screen's own decisions and reopenings left them. */
export interface ShownCounts {
  /** The filter's total: the rows that left the filter here are no longer in it. */
  total: number;
  /** This page's rows still in the filter. */
  onPage: number;
  /** This page's rows that left the filter here (decided, or reopened): shown until the next page. */
  leftHere: number;
}

/**
 * A row decided or reopened here stays on screen with its new status until the next page, so
 * the list can show what became of it; it is no longer in the filter. Both counts leave it out
 * and say how many those are, so "21 match" never stands beside "24 on this page", nor "no
 * agreement matches" above a row. Others' decisions and new agreements are the quiet check's
 * news, with its Refresh.
 */
export function shownCounts(
  total: number,
  items: readonly Agreement[],
  status: Agreement['status'],
): ShownCounts {
  const leftHere = items.filter((item) => item.status !== status).length;
  return { total: Math.max(0, total - leftHere), onPage: items.length - leftHere, leftHere };
}
