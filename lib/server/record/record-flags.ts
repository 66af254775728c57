import 'server-only';
// The flag rules run once, by the recorder, in publish order (docs/product-contract.md §13): the
// same pure engine the sale desk ran in each browser, fed from the record. Its memory (each lot's
// high bid and run, each paddle's recent bids) is rebuilt from the newest recorded messages when
// the recorder starts, or after a batch that failed, so a restart raises what it would have.
import { and, desc, inArray, lt } from 'drizzle-orm';
import type { Transaction } from '@/lib/server/db/database';
import { lots, saleMessages } from '@/lib/server/db/schema';
import { classifyMessage } from '@/lib/sale-desk/bid-messages';
import { createFlagsEngine, type FlagsEngine } from '@/lib/sale-desk/flags/flags-engine';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import type { RecordedMessage } from './plan-batch';

/**
 * Messages replayed to rebuild the engine's memory: far more than any rule looks back over (a
 * burst is 10 s, a lot's run its own bids; the engine keeps 200 lots and 1,000 paddles).
 */
export const warmUpMessages = 20_000;

export interface RecordFlags {
  /** The flags the messages raise, each with its raising bid's timetoken; in publish order. */
  evaluate(tx: Transaction, messages: readonly RecordedMessage[]): Promise<RaisedFlag[]>;
  /** The engine's memory may hold messages the record lacks: rebuild it before the next batch. */
  forget(): void;
  /** Whether the engine has seen the record up to `through` and nothing past it. */
  inStepWith(through: string | null): boolean;
}

export type RaisedFlag = Flag & { timetoken: string };

/** The catalogue's high estimates, read once per lot the record meets (far-over-estimate). */
function createCatalogueCache() {
  const highEstimates = new Map<string, number>();
  return {
    lookup: (auctionId: string, lotId: string) => {
      const highEstimate = highEstimates.get(saleLotKey(auctionId, lotId));
      return highEstimate === undefined ? undefined : { highEstimate };
    },
    /** Reads the lots of these sales that are not known yet. */
    async load(tx: Transaction, keys: readonly { auctionId: string; lotId: string }[]) {
      const missing = keys.filter((k) => !highEstimates.has(saleLotKey(k.auctionId, k.lotId)));
      if (missing.length === 0) return;
      const rows = await tx
        .select({
          auctionId: lots.auctionId,
          lotId: lots.lotId,
          highEstimate: lots.highEstimate,
        })
        .from(lots)
        .where(inArray(lots.auctionId, [...new Set(missing.map((k) => k.auctionId))]));
      for (const row of rows)
        highEstimates.set(saleLotKey(row.auctionId, row.lotId), row.highEstimate);
    },
  };
}

function feed(engine: FlagsEngine, message: RecordedMessage): Flag[] {
  switch (message.kind) {
    case 'bid':
      return engine.onBid(message.bid);
    case 'lot-closed':
      engine.onLotClosed(message.closed);
      return [];
    case 'lot-opened':
      engine.onLotOpened(message.opened);
      return [];
  }
}

async function replayRecord(tx: Transaction, before: string): Promise<RecordedMessage[]> {
  const rows = await tx
    .select({ timetoken: saleMessages.timetoken, payload: saleMessages.payload })
    .from(saleMessages)
    .where(and(lt(saleMessages.timetoken, before)))
    .orderBy(desc(saleMessages.timetoken))
    .limit(warmUpMessages);
  const messages: RecordedMessage[] = [];
  for (const row of rows.reverse()) {
    const classified = classifyMessage(row.payload);
    if (classified.kind === 'invalid' || classified.kind === 'unknown-type') continue;
    messages.push({ ...classified, timetoken: row.timetoken });
  }
  return messages;
}

export function createRecordFlags(): RecordFlags {
  const catalogue = createCatalogueCache();
  let engine: FlagsEngine | null = null;
  /** The last message the engine evaluated. */
  let evaluatedThrough: string | null = null;
  const keysOf = (messages: readonly RecordedMessage[]) =>
    messages.flatMap((m) => (m.kind === 'bid' ? [m.bid] : []));

  return {
    async evaluate(tx, messages) {
      if (messages.length === 0) return [];
      if (engine === null) {
        engine = createFlagsEngine({ catalogue: catalogue.lookup, maxFlags: 0 });
        const earlier = await replayRecord(tx, messages[0]!.timetoken);
        await catalogue.load(tx, keysOf(earlier));
        for (const message of earlier) feed(engine, message);
      }
      await catalogue.load(tx, keysOf(messages));
      const raised: RaisedFlag[] = [];
      for (const message of messages)
        for (const flag of feed(engine, message))
          raised.push({ ...flag, timetoken: message.timetoken });
      evaluatedThrough = messages.at(-1)!.timetoken;
      return raised;
    },
    forget() {
      engine = null;
      evaluatedThrough = null;
    },
    inStepWith: (through) => engine !== null && evaluatedThrough === through,
  };
}
