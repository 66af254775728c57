import 'server-only';
// RECORD_RETENTION_DAYS (docs/product-contract.md §13): messages, refusals and flags older than
// the retention go; each lot's state stays, the sale's result outliving its bids. A flag someone
// reviewed stays with its reviews (§14 keeps them for good), and so does an open flag while
// FLAG_GATE=open holds its lot's agreement back: retention never opens the gate.
import { and, eq, lt } from 'drizzle-orm';
import { serverEnv } from '@/lib/env';
import type { Database } from '@/lib/server/db/database';
import type { FlagGate } from '@/lib/sale-desk/flags/flag-review';
import { rejectedMessages, saleFlags, saleMessages } from '@/lib/server/db/schema';

export const retentionEveryMs = 24 * 60 * 60 * 1000;

export async function deleteOldRecords(
  db: Database,
  days: number,
  now = new Date(),
  gate: FlagGate = serverEnv().flagGate,
) {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    const messages = await tx
      .delete(saleMessages)
      .where(lt(saleMessages.publishedAt, before))
      .returning({ timetoken: saleMessages.timetoken });
    const rejected = await tx
      .delete(rejectedMessages)
      .where(lt(rejectedMessages.recordedAt, before))
      .returning({ timetoken: rejectedMessages.timetoken });
    const flags =
      gate === 'open'
        ? []
        : await tx
            .delete(saleFlags)
            .where(and(lt(saleFlags.raisedAt, before), eq(saleFlags.state, 'open')))
            .returning({ id: saleFlags.id });
    return { messages: messages.length, rejected: rejected.length, flags: flags.length };
  });
}
