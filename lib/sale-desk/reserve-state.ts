import { incrementsBetween } from './bid-increments';

export type ReserveState = 'no-reserve' | 'not-met' | 'near' | 'met';

/** "Near" is within this many increments of the reserve, walking the table from the high bid. */
export const nearReserveIncrements = 2;

interface ReserveInput {
  /** Minor units; null when the lot is offered without reserve. */
  reserve: number | null;
  /** Minor units; null before the first bid. */
  highBid: number | null;
  currency: string;
}

/**
 * The reserve state a clerk reads on the lot board: `near` when the high bid is below the reserve
 * but two increments (or fewer) from the high bid reach it; exactly two increments short is near.
 * A lot with a reserve and no bid yet is `not-met`.
 */
export function reserveState({ reserve, highBid, currency }: ReserveInput): ReserveState {
  if (reserve === null) return 'no-reserve';
  if (highBid === null) return 'not-met';
  if (highBid >= reserve) return 'met';
  return incrementsBetween(highBid, reserve, currency) <= nearReserveIncrements
    ? 'near'
    : 'not-met';
}
