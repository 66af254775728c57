import type { FlagRule } from '@/lib/sale-desk/flags/flag-rules';
import type { LotPhase, SaleLotRow } from '@/lib/sales/sale-view';
import type { ReserveState } from '@/lib/sale-desk/reserve-state';

/** Message keys (namespace SaleDesk) of each rule and reserve state, checked by the type. */
export const ruleKey = {
  jump: 'ruleJump',
  'not-higher': 'ruleNotHigher',
  'self-raise': 'ruleSelfRaise',
  late: 'ruleLate',
  'ping-pong': 'rulePingPong',
  burst: 'ruleBurst',
  'far-over-estimate': 'ruleFarOverEstimate',
} as const satisfies Record<FlagRule, string>;

export const reserveKey = {
  'no-reserve': 'reserveNoReserve',
  'not-met': 'reserveNotMet',
  near: 'reserveNear',
  met: 'reserveMet',
} as const satisfies Record<ReserveState, string>;

/** The `/dash` address that focuses one sale (docs/product-contract.md §11: the URL holds it). */
export const saleHref = (auctionId: string) => `/dash?sale=${encodeURIComponent(auctionId)}`;

/** The address of a lot's panel within its sale's focus. */
export const lotHref = (auctionId: string, lotId: string) =>
  `${saleHref(auctionId)}&lot=${encodeURIComponent(lotId)}`;

/**
 * A lot's phase at `now`: a catalogued lot this browser never saw open, bid on or close is to
 * come, and once its scheduled close has passed it reads closed if `closedWhenDue` (skipped, or
 * run before what this browser has seen); otherwise its sale runs behind schedule.
 */
export function phaseAt(
  row: Pick<SaleLotRow, 'phase' | 'closesAt' | 'closedWhenDue'>,
  now: number,
): LotPhase {
  return row.phase === 'upcoming' &&
    row.closedWhenDue &&
    row.closesAt !== null &&
    Date.parse(row.closesAt) <= now
    ? 'closed'
    : row.phase;
}
