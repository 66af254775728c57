import 'server-only';
import { randomUUID } from 'node:crypto';
import type { AgreementHistory } from '@/lib/agreements/agreement';
import type { FlagReviewHarness } from './flag-review-harness';
import { recordMessages } from './record-messages';
import { ingestLotsOk, lotItemFactory } from './sales-requests';

/** Each agreement with its lot's context (contract §14): in the list, and its lot's story. */
export function describeFlagContext(harness: FlagReviewHarness) {
  const { database, newItem, ingest, listOk, historyOk, insertFlag, reviewed } = harness;

  describe('GET /api/agreements: each item with its lot context', () => {
    it('sale title, lot number and flags by state, across sales; nulls and zeros for a lot unknown', async () => {
      const tag = randomUUID().slice(0, 8);
      const saleA = `ctx-a-${tag}`;
      const saleB = `ctx-b-${tag}`;
      await ingestLotsOk([lotItemFactory(saleA, 'Sale A')(), lotItemFactory(saleB, 'Sale B')()]);
      const items = await ingest([
        newItem({ auctionId: saleA, lotId: 'lot-1', lotTitle: `ctx ${tag} a` }),
        newItem({ auctionId: saleB, lotId: 'lot-1', lotTitle: `ctx ${tag} b` }),
        newItem({ auctionId: saleB, lotId: 'lot-9', lotTitle: `ctx ${tag} c` }),
      ]);
      await insertFlag({ auctionId: saleA, lotId: 'lot-1' }, 'open');
      await insertFlag({ auctionId: saleA, lotId: 'lot-1' }, 'escalated');
      await insertFlag({ auctionId: saleB, lotId: 'lot-1' }, 'cleared');
      const page = await listOk(`?q=${encodeURIComponent(`ctx ${tag}`)}&limit=10`);
      const byId = new Map(page.items.map((item) => [item.id, item]));
      expect(byId.get(items[0]!.id)).toMatchObject({
        saleTitle: 'Sale A',
        lotNumber: 1,
        flags: { open: 1, escalated: 1, cleared: 0 },
      });
      expect(byId.get(items[1]!.id)).toMatchObject({
        saleTitle: 'Sale B',
        lotNumber: 1,
        flags: { open: 0, escalated: 0, cleared: 1 },
      });
      expect(byId.get(items[2]!.id)).toMatchObject({
        saleTitle: null,
        lotNumber: null,
        flags: { open: 0, escalated: 0, cleared: 0 },
      });
    });
  });

  describe("GET /api/agreements/{id}: the lot's story", () => {
    it('tells the catalogue, the record and the flags with their reviews; null for a lot the catalogue lacks', async () => {
      const auctionId = `story-${randomUUID()}`;
      const [lot] = (await ingestLotsOk([lotItemFactory(auctionId, 'Story Sale')()])).items;
      const bid = (n: number, bidder: string, amount: number) => ({
        type: 'bid.placed',
        v: 1,
        bidId: randomUUID(),
        auctionId,
        lotId: lot!.lotId,
        lotTitle: lot!.lotTitle,
        bidder,
        amount,
        currency: 'EUR',
        placedAt: new Date(Date.UTC(2026, 10, 28, 10, 0, n)).toISOString(),
      });
      const bids = [bid(1, 'P-1', 100_000), bid(2, 'P-2', 110_000), bid(3, 'P-2', 120_000)];
      const close = {
        type: 'lot.closed',
        v: 1,
        auctionId,
        lotId: lot!.lotId,
        winningBidId: bids[2]!.bidId,
        closedAt: '2026-11-28T10:05:00.000Z',
      };
      const base = 17_960_000_000_000_000 + Math.floor(Math.random() * 1e9) * 10_000;
      await recordMessages(
        await database(),
        [...bids, close].map((payload, n) => ({
          timetoken: String(base + n * 10_000),
          payload,
        })),
      );
      const [agreement, stranger] = await ingest([
        newItem({ auctionId, lotId: lot!.lotId, lotTitle: lot!.lotTitle, amount: 120_000 }),
        newItem(),
      ]);
      // P-2 raised its own high bid: the recorder raised a self-raise; escalated with a note.
      const { flags: before } = (await historyOk(agreement!.id)).lot!;
      expect(before.map((f) => [f.rule, f.state])).toEqual([['self-raise', 'open']]);
      await reviewed(before[0]!.id, { outcome: 'escalated', note: 'Same paddle' });

      const { lot: story } = (await historyOk(agreement!.id)) as AgreementHistory;
      expect(story).toMatchObject({
        auctionId,
        lotId: lot!.lotId,
        saleTitle: 'Story Sale',
        lotNumber: 1,
        lowEstimate: 100_000,
        highEstimate: 150_000,
        status: 'sold',
        hammer: 120_000,
        buyer: 'P-2',
        underbidder: 'P-1',
        bids: 3,
        bidders: 2,
        reserveState: 'met',
      });
      expect(story!.flags).toHaveLength(1);
      expect(story!.flags[0]).toMatchObject({
        rule: 'self-raise',
        state: 'escalated',
        paddles: ['P-2'],
        reviews: [{ outcome: 'escalated', note: 'Same paddle', loginId: 'flo' }],
      });
      expect((await historyOk(stranger!.id)).lot).toBeNull();
    });
  });
}
