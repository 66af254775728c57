/**
 * Flags a clerk has acknowledged, kept in this browser (docs/product-contract.md §11, "Flags").
 * Flag ids are the same in every browser and across reloads (lib/sale-desk/flags/flag.ts), so the
 * ids alone are kept; the newest `maxAcknowledged` of them, so the value never grows unbounded.
 */
export const acknowledgedFlagsKey = 'gavel.acknowledgedFlags';
export const maxAcknowledged = 500;

export function parseAcknowledged(raw: string | null): string[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter((id): id is string => typeof id === 'string').slice(-maxAcknowledged);
  } catch {
    return [];
  }
}

/** Adds `id` as the newest; the oldest go past the bound. */
export function withAcknowledged(ids: readonly string[], id: string): string[] {
  return [...ids.filter((known) => known !== id), id].slice(-maxAcknowledged);
}

// Storage can throw (disabled storage, private modes, quota): read as empty, never crash.
export function readAcknowledged(): string[] {
  try {
    return parseAcknowledged(window.localStorage.getItem(acknowledgedFlagsKey));
  } catch {
    return [];
  }
}

export function writeAcknowledged(ids: readonly string[]): void {
  try {
    window.localStorage.setItem(acknowledgedFlagsKey, JSON.stringify(ids));
  } catch {
    // Not remembered past this page: the flags still show as acknowledged until a reload.
  }
}
