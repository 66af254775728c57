import 'server-only';
import { getTableColumns } from 'drizzle-orm';
import type { Agreement } from '@/lib/agreements/agreement';
import { requiredApprovals } from '@/lib/agreements/approval';
import type { ApprovalThresholds } from '@/lib/agreements/approval-thresholds';
import { serverEnv } from '@/lib/env';
import { agreements } from '@/lib/server/db/schema';

const { searchText, ...columns } = getTableColumns(agreements);
/** Every column but the search text, which the database derives and no answer carries. */
export const agreementColumns = columns;

export type AgreementRow = Omit<typeof agreements.$inferSelect, 'searchText'>;

/**
 * The row as the API answers it (docs/product-contract.md §5.3): no internal columns, dates as
 * ISO strings. How many approvals it needs follows APPROVAL_THRESHOLDS as the server now reads it.
 */
export function toAgreement(
  row: AgreementRow,
  thresholds: ApprovalThresholds = serverEnv().approvalThresholds,
): Agreement {
  return {
    id: row.id,
    platformId: row.platformId,
    auctionId: row.auctionId,
    lotId: row.lotId,
    lotTitle: row.lotTitle,
    buyer: row.buyer,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    version: row.version,
    closedAt: row.closedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy,
    decidedByName: row.decidedByName,
    reason: row.reason,
    requiredApprovals: requiredApprovals(row.amount, row.currency, thresholds),
    approvals: row.approvals.map(({ loginId, displayName, at }) => ({
      by: loginId,
      byName: displayName,
      at,
    })),
  };
}
