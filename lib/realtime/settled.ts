import { isReplaying, type BidStoreSnapshot } from './bid-store';
import type { SaleDeskSnapshot } from './sale-desk-store';

/**
 * Whether /dash has what its first full paint needs: the earlier bids are in (or failed to
 * load) and the catalogue has answered, or the connection itself has failed and nothing more
 * will come to wait for.
 */
export const hasSettled = (
  snapshot: Pick<BidStoreSnapshot, 'earlier' | 'connection'>,
  desk: Pick<SaleDeskSnapshot, 'catalogueAnswered'>,
): boolean =>
  snapshot.connection === 'offline' ||
  snapshot.connection === 'denied' ||
  (!isReplaying(snapshot) && desk.catalogueAnswered);
