import 'server-only';
// The gate (contract §14, FLAG_GATE): the flags of a lot that hold its agreement back from
// approval. Read inside the decision's transaction, after the agreement's row is locked: the
// approval sees every review committed before it read the flags. A review committing in the
// same moment is ordered after the approval (the gate takes no lock on the flags: reviews and
// approvals never wait for each other).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '@/lib/server/db/database';
import { saleFlags } from '@/lib/server/db/schema';
import { gatedStates, type FlagGate, type FlagState } from '@/lib/sale-desk/flags/flag-review';

/** A flag as a refused approval names it: enough to find and review it. */
export interface GatingFlag {
  id: string;
  rule: string;
  state: FlagState;
}

export async function gatingFlags(
  tx: Transaction,
  lot: { auctionId: string; lotId: string },
  gate: FlagGate,
): Promise<GatingFlag[]> {
  const states = gatedStates(gate);
  if (states.length === 0) return [];
  return tx
    .select({ id: saleFlags.id, rule: saleFlags.rule, state: saleFlags.state })
    .from(saleFlags)
    .where(
      and(
        eq(saleFlags.auctionId, lot.auctionId),
        eq(saleFlags.lotId, lot.lotId),
        inArray(saleFlags.state, [...states]),
      ),
    )
    .orderBy(asc(saleFlags.timetoken), asc(saleFlags.id));
}
