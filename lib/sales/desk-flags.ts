// The recorder's flags as the sale desk keeps them (docs/product-contract.md §13, ADR 36): a read
// of the record replaces them, a read of those raised since adds to them. Pure: the store
// (lib/realtime/sale-desk-store.ts) holds the value and does the reading.
import { latestOf } from '@/lib/sale-desk/timetoken';
import type { FlagsRead } from './lot';
import { deskFlags, type DeskFlag, type RecordedFlag } from './recorded-flag';

export interface DeskFlags {
  /** As the reads gave them, newest first. */
  recorded: readonly RecordedFlag[];
  /** As the desk shows them; the same array while the flags did not change. */
  shown: readonly DeskFlag[];
  /** How far the record reached when they were read: the next read asks for newer ones. */
  through: string | null;
}

export const noDeskFlags: DeskFlags = { recorded: [], shown: [], through: null };

/** As many as the record's read gives (`recentFlagsLimit`). */
export const maxDeskFlags = 500;

/**
 * The same flags, as far as a read can tell: as many, the same newest, each as often reviewed
 * (a review moves a flag's state and adds to its reviews, never takes one away).
 */
export const sameFlags = (a: readonly RecordedFlag[], b: readonly RecordedFlag[]): boolean =>
  a.length === b.length &&
  a[0]?.id === b[0]?.id &&
  a.every((flag, index) => flag.reviews.length === b[index]?.reviews.length);

/** A read of the record: its flags are every flag up to `through`. */
export function withRead(
  kept: DeskFlags,
  read: readonly RecordedFlag[],
  through: string | null,
): DeskFlags {
  const reach = latestOf(kept.through, through);
  if (sameFlags(kept.recorded, read)) return { ...kept, through: reach };
  // A flag the read gives as it was kept stays the object kept, so it stays the object shown. So
  // does one kept with more reviews: reviews only ever add up, and a read that set out before a
  // review committed (the 30-s read, slow) must not put the flag back as it was.
  const byId = new Map(kept.recorded.map((flag) => [flag.id, flag]));
  const recorded = read.map((flag) => {
    const known = byId.get(flag.id);
    return known && known.reviews.length >= flag.reviews.length ? known : flag;
  });
  return { recorded, shown: deskFlags(recorded), through: reach };
}

/** A read of the flags raised since: added to those kept, each once, the newest kept. */
export function withRaised(kept: DeskFlags, { flags, recordedThrough }: FlagsRead): DeskFlags {
  const reach = latestOf(kept.through, recordedThrough);
  const known = new Set(kept.recorded.map((flag) => flag.id));
  const fresh = flags.filter((flag) => !known.has(flag.id));
  if (fresh.length === 0) return { ...kept, through: reach };
  const recorded = [...fresh, ...kept.recorded].slice(0, maxDeskFlags);
  return { recorded, shown: deskFlags(recorded), through: reach };
}

/**
 * A flag as the server announced it (raised, or reviewed: contract §14) or a review answered:
 * it replaces the flag of the same id, unless that one has more reviews (an announcement that
 * arrived after a newer read); a flag not kept yet is added.
 */
export function withFlag(kept: DeskFlags, flag: RecordedFlag): DeskFlags {
  const index = kept.recorded.findIndex((known) => known.id === flag.id);
  if (index >= 0 && kept.recorded[index]!.reviews.length >= flag.reviews.length) return kept;
  const recorded =
    index >= 0
      ? kept.recorded.map((known, at) => (at === index ? flag : known))
      : [flag, ...kept.recorded].slice(0, maxDeskFlags);
  return { ...kept, recorded, shown: deskFlags(recorded) };
}
