import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { AgreementHistory } from '@/lib/agreements/agreement';
import type { Database } from '@/lib/server/db/database';
import { agreementDecisions, agreements } from '@/lib/server/db/schema';
import { toAgreement } from './agreement-row';

/** An agreement with its decision log, oldest entry first; null when there is no such agreement. */
export async function agreementHistory(db: Database, id: string): Promise<AgreementHistory | null> {
  // One snapshot: on PostgreSQL a decision committed between the two reads would otherwise show
  // a decided agreement without its entry, or the reverse.
  return db.transaction(
    async (tx) => {
      const [row] = await tx.select().from(agreements).where(eq(agreements.id, id));
      if (!row) return null;
      const entries = await tx
        .select()
        .from(agreementDecisions)
        .where(eq(agreementDecisions.agreementId, id))
        .orderBy(asc(agreementDecisions.id));
      return {
        agreement: toAgreement(row),
        decisions: entries.map((entry) => ({
          id: entry.id,
          decision: entry.decision,
          reason: entry.reason,
          statusBefore: entry.statusBefore,
          statusAfter: entry.statusAfter,
          decidedBy: entry.loginId,
          decidedByName: entry.displayName,
          decidedAt: entry.decidedAt.toISOString(),
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
