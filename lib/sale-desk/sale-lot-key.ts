/**
 * The key of one lot of one sale. Sale and lot ids are free text: a separator could make two pairs
 * one key ("a/b" + "c" and "a" + "b/c"), JSON cannot. Two lots with the same title or the same lot
 * id in two sales stay two keys.
 */
export const saleLotKey = (auctionId: string, lotId: string): string =>
  JSON.stringify([auctionId, lotId]);

/** The same key, of anything that names its sale and lot (a bid, a close, a board row). */
export const lotKeyOf = (lot: { auctionId: string; lotId: string }): string =>
  saleLotKey(lot.auctionId, lot.lotId);
