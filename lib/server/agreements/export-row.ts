import 'server-only';
import type { AgreementStatus } from '@/lib/agreements/agreement';
import type { FlagCounts } from '@/lib/server/flags/lot-flag-counts';
import type { AgreementRow } from './agreement-row';

// One row of the agreements export (contract §12 and §14), as values: the CSV and the workbook
// writers only format it, so the two files always hold the same rows.

/** The export's columns, in the file's order: the CSV header and the workbook's first row. */
export const exportColumns = [
  'id',
  'platformId',
  'auctionId',
  'lotId',
  'lotTitle',
  'buyer',
  'currency',
  'amount',
  'amountMinor',
  'status',
  'closedAt',
  'decidedAt',
  'decidedBy',
  'reason',
  'saleTitle',
  'lotNumber',
  'decidedByName',
  'firstApprovedBy',
  'firstApprovedAt',
  'flags',
] as const;
export type ExportColumn = (typeof exportColumns)[number];

export interface ExportRow {
  id: string;
  platformId: string;
  auctionId: string;
  lotId: string;
  lotTitle: string;
  buyer: string;
  currency: string;
  /** Minor units of `currency`; the `amount` column is this in major units. */
  amountMinor: number;
  status: AgreementStatus;
  closedAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  reason: string | null;
  /** From the catalogue; null when the catalogue lacks the lot. */
  saleTitle: string | null;
  lotNumber: number | null;
  decidedByName: string | null;
  /** The first approval's login id and time; null before any approval. */
  firstApprovedBy: string | null;
  firstApprovedAt: Date | null;
  flags: FlagCounts;
}

/** What the catalogue (`lots`) says of an agreement's lot. */
export interface CatalogueEntry {
  saleTitle: string;
  lotNumber: number;
}

export function toExportRow(
  row: AgreementRow,
  lot: CatalogueEntry | undefined,
  flags: FlagCounts,
): ExportRow {
  const [firstApproval] = row.approvals;
  return {
    id: row.id,
    platformId: row.platformId,
    auctionId: row.auctionId,
    lotId: row.lotId,
    lotTitle: row.lotTitle,
    buyer: row.buyer,
    currency: row.currency,
    amountMinor: row.amount,
    status: row.status,
    closedAt: row.closedAt,
    decidedAt: row.decidedAt,
    decidedBy: row.decidedBy,
    reason: row.reason,
    saleTitle: lot?.saleTitle ?? null,
    lotNumber: lot?.lotNumber ?? null,
    decidedByName: row.decidedByName,
    firstApprovedBy: firstApproval?.loginId ?? null,
    // Stored as the ISO text of the moment (the decision log has it too).
    firstApprovedAt: firstApproval ? new Date(firstApproval.at) : null,
    flags,
  };
}

/**
 * The `flags` cell: the three review states in a fixed order with their counts, zeros included,
 * `open 1; escalated 0; cleared 2`. A person reads it as it is; a program splits on `; ` and then
 * on the space, and never meets a comma (the CSV never quotes it).
 */
export const flagCountsText = (flags: FlagCounts): string =>
  `open ${flags.open}; escalated ${flags.escalated}; cleared ${flags.cleared}`;
