// Tests' way into the sale record: messages recorded by the recorder's own steps (plan, write,
// flags), in one batch, as the live recorder records what it receives.
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import type { Database } from '@/lib/server/db/database';
import { planBatch } from '@/lib/server/record/plan-batch';
import { createRecordFlags } from '@/lib/server/record/record-flags';
import { recordedThrough, writeBatch } from '@/lib/server/record/write-batch';

export async function recordMessages(db: Database, messages: IncomingMessage[]): Promise<void> {
  await writeBatch(db, planBatch(messages, await recordedThrough(db)), createRecordFlags());
}
