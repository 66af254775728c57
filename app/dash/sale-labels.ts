import type { FlagRule } from '@/lib/sale-desk/flags/flag-rules';
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
