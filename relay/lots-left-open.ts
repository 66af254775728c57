// The lots left open on `bids` when the simulator stopped: opened (by its last run, or by anyone
// publishing on the relay) and never closed. The relay keeps `bids` across restarts (its channel
// log on disk) and a restarted simulator opens lots after the ones it had opened: without a close,
// those would stay open on every console that replays the history, "closing" forever. Pure: the
// channel's messages, decrypted, are passed in.
import { classifyMessage, type LotClosed } from '../lib/sale-desk/bid-messages.ts';

const keyOf = (lot: { auctionId: string; lotId: string }) =>
  JSON.stringify([lot.auctionId, lot.lotId]);

/**
 * The `lot.closed` that ends each lot opened in `payloads` (oldest first) and not closed after:
 * passed, with no winner, at `closedAt`. Payloads that are not messages of ours (one that could
 * not be decrypted, say) are skipped.
 */
export function closesForLotsLeftOpen(payloads: readonly unknown[], closedAt: Date): LotClosed[] {
  const open = new Map<string, { auctionId: string; lotId: string }>();
  for (const payload of payloads) {
    const message = classifyMessage(payload);
    if (message.kind === 'lot-opened') {
      const { auctionId, lotId } = message.opened;
      open.set(keyOf(message.opened), { auctionId, lotId });
    } else if (message.kind === 'lot-closed') open.delete(keyOf(message.closed));
  }
  return [...open.values()].map(({ auctionId, lotId }) => ({
    type: 'lot.closed',
    v: 1,
    auctionId,
    lotId,
    winningBidId: null,
    closedAt: closedAt.toISOString(),
  }));
}
