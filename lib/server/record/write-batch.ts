import 'server-only';
// Writes one planned batch of the sale record in one transaction: the messages (each once), those
// kept aside, every lot's new state, the flags they raised and the cursor. A batch that fails
// writes nothing, and the next reads again from the cursor.
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/lib/server/db/database';
import {
  lotRecords,
  recorderCursor,
  rejectedMessages,
  saleFlags,
  saleMessages,
} from '@/lib/server/db/schema';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import {
  applyBid,
  applyClosed,
  applyOpened,
  lotOf,
  lotStatus,
  type LotRecord,
  type LotStatus,
} from '@/lib/sale-desk/lot-record';
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import type { RecordFlags } from './record-flags';
import { publishedAt, type PlannedBatch, type RecordedMessage } from './plan-batch';

export interface BatchOutcome {
  recorded: number;
  rejected: number;
  /** Valid messages not recorded: a bid id already recorded under another timetoken. */
  duplicates: number;
  flags: number;
  /** The ids of the flags this batch raised, in publish order (announced on `staff`, §14). */
  raised: string[];
}

/** Rows per insert statement: PostgreSQL takes at most 65,535 parameters in one. */
const rowsPerInsert = 500;

function chunks<T>(items: readonly T[], size = rowsPerInsert): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}

function messageRow(message: RecordedMessage) {
  const lot = lotOf(message);
  const common = {
    timetoken: message.timetoken,
    auctionId: lot.auctionId,
    lotId: lot.lotId,
    publishedAt: publishedAt(message.timetoken),
  };
  switch (message.kind) {
    case 'bid': {
      const { bid } = message;
      return {
        ...common,
        type: bid.type,
        bidId: bid.bidId,
        bidder: bid.bidder,
        amount: bid.amount,
        currency: bid.currency,
        payload: bid,
      };
    }
    case 'lot-closed':
      return { ...common, type: message.closed.type, payload: message.closed };
    case 'lot-opened':
      return { ...common, type: message.opened.type, payload: message.opened };
  }
}

/** Inserts the messages, each once: answers the timetokens really inserted. */
async function insertMessages(tx: Transaction, messages: readonly RecordedMessage[]) {
  const inserted = new Set<string>();
  for (const chunk of chunks(messages)) {
    const rows = await tx
      .insert(saleMessages)
      .values(chunk.map(messageRow))
      .onConflictDoNothing()
      .returning({ timetoken: saleMessages.timetoken });
    for (const row of rows) inserted.add(row.timetoken);
  }
  return inserted;
}

async function loadLotRecords(tx: Transaction, messages: readonly RecordedMessage[]) {
  const records = new Map<string, LotRecord>();
  const lots = new Map<string, { auctionId: string; lotId: string }>();
  for (const message of messages) {
    const lot = lotOf(message);
    lots.set(saleLotKey(lot.auctionId, lot.lotId), lot);
  }
  for (const chunk of chunks([...lots.values()])) {
    const rows = await tx
      .select({ record: lotRecords.record })
      .from(lotRecords)
      .where(
        sql`(${lotRecords.auctionId}, ${lotRecords.lotId}) in (${sql.join(
          chunk.map((lot) => sql`(${lot.auctionId}, ${lot.lotId})`),
          sql`, `,
        )})`,
      );
    for (const { record } of rows) {
      const lot = record as LotRecord;
      records.set(saleLotKey(lot.auctionId, lot.lotId), lot);
    }
  }
  return records;
}

/** The winning bid of a close, when it is not the lot's high bid (a rare case): from the record. */
async function winningBid(tx: Transaction, lot: LotRecord | undefined, bidId: string | null) {
  if (bidId === null) return null;
  if (lot && lot.highBidId === bidId && lot.highBid !== null && lot.leader !== null)
    return { amount: lot.highBid, bidder: lot.leader };
  const [row] = await tx
    .select({ amount: saleMessages.amount, bidder: saleMessages.bidder })
    .from(saleMessages)
    .where(and(eq(saleMessages.bidId, bidId), eq(saleMessages.type, 'bid.placed')))
    .limit(1);
  return row && row.amount !== null && row.bidder !== null
    ? { amount: row.amount, bidder: row.bidder }
    : null;
}

/** Every lot's new state after the batch's messages, applied in publish order. */
async function advanceLots(tx: Transaction, messages: readonly RecordedMessage[]) {
  const records = await loadLotRecords(tx, messages);
  const changed = new Set<string>();
  for (const message of messages) {
    const lot = lotOf(message);
    const key = saleLotKey(lot.auctionId, lot.lotId);
    const before = records.get(key);
    switch (message.kind) {
      case 'bid':
        records.set(key, applyBid(before, message.bid, message.timetoken));
        break;
      case 'lot-opened':
        records.set(key, applyOpened(before, message.opened, message.timetoken));
        break;
      case 'lot-closed': {
        const winning = await winningBid(tx, before, message.closed.winningBidId);
        records.set(key, applyClosed(before, message.closed, message.timetoken, winning));
        break;
      }
    }
    changed.add(key);
  }
  const rows = [...changed].map((key) => {
    const record = records.get(key)!;
    return {
      auctionId: record.auctionId,
      lotId: record.lotId,
      record,
      lastTimetoken: record.lastTimetoken,
      // Never upcoming: a lot has a record once a message named it.
      status: lotStatus(record) as Exclude<LotStatus, 'upcoming'>,
      currency: record.currency,
      hammer: record.hammer,
    };
  });
  for (const chunk of chunks(rows))
    await tx
      .insert(lotRecords)
      .values(chunk)
      .onConflictDoUpdate({
        target: [lotRecords.auctionId, lotRecords.lotId],
        set: {
          record: sql`excluded.record`,
          lastTimetoken: sql`excluded.last_timetoken`,
          status: sql`excluded.status`,
          currency: sql`excluded.currency`,
          hammer: sql`excluded.hammer`,
        },
      });
}

function flagRow(flag: Flag & { timetoken: string }) {
  return {
    id: flag.id,
    rule: flag.rule,
    auctionId: flag.auctionId,
    lotId: flag.lotId,
    paddles: flag.paddles,
    bidIds: flag.bidIds,
    raisedAt: new Date(flag.raisedAt),
    timetoken: flag.timetoken,
  };
}

/** Writes the batch; `flags` evaluates the newly recorded messages (and only them) in order. */
export async function writeBatch(
  db: Database,
  batch: PlannedBatch,
  flags: RecordFlags,
): Promise<BatchOutcome> {
  const through = batch.through;
  if (through === null) return { recorded: 0, rejected: 0, duplicates: 0, flags: 0, raised: [] };
  const outcome = db.transaction(async (tx) => {
    const inserted = await insertMessages(tx, batch.recorded);
    const fresh = batch.recorded.filter((message) => inserted.has(message.timetoken));
    for (const chunk of chunks(batch.rejected))
      await tx.insert(rejectedMessages).values(chunk).onConflictDoNothing();
    if (fresh.length > 0) await advanceLots(tx, fresh);
    const raised = await flags.evaluate(tx, fresh);
    const announced: string[] = [];
    for (const chunk of chunks(raised)) {
      const rows = await tx
        .insert(saleFlags)
        .values(chunk.map(flagRow))
        .onConflictDoNothing()
        .returning({ id: saleFlags.id });
      // Those not recorded before (a batch read again raises the same ids), in the order raised.
      const ids = new Set(rows.map((row) => row.id));
      announced.push(...chunk.filter((flag) => ids.has(flag.id)).map((flag) => flag.id));
    }
    await tx
      .insert(recorderCursor)
      .values({ id: 1, through })
      .onConflictDoUpdate({
        target: recorderCursor.id,
        set: {
          through: sql`greatest(${recorderCursor.through}, excluded.through)`,
          updatedAt: sql`now()`,
        },
      });
    return {
      recorded: fresh.length,
      rejected: batch.rejected.length,
      duplicates: batch.recorded.length - fresh.length,
      flags: raised.length,
      raised: announced,
    };
  });
  // The engine evaluated messages a failed transaction did not keep: it starts again from the record.
  return outcome.catch((error: unknown) => {
    flags.forget();
    throw error;
  });
}

/** How far the record reaches: the newest timetoken recorded or refused; null before any. */
export async function recordedThrough(db: Database | Transaction): Promise<string | null> {
  const [row] = await db
    .select({ through: recorderCursor.through })
    .from(recorderCursor)
    .where(eq(recorderCursor.id, 1));
  return row?.through ?? null;
}
