// A sale of the simulator runs as a series of sessions, so that it can run for hours while each
// session stays the size of a real sale: 60 to 80 lots, numbered from 1, after which the next
// session of the same kind begins. The first session keeps the definition's auctionId (the one the
// sample agreements and older data folders use); session n is `<auctionId>-n`, and its title says
// which session it is. A session's length comes from its auctionId, not from the simulator's
// randomness, so a restarted run agrees with the run before it on where each session ends.
// Pure.
import { sales, type SaleDefinition } from './sale-catalogue.ts';
import { hashOf } from './sale-seed.ts';

export const minLotsPerSession = 60;
export const maxLotsPerSession = 80;

export interface SaleSession {
  sale: SaleDefinition;
  /** 1, 2, 3… */
  number: number;
  auctionId: string;
  saleTitle: string;
  /** Its lots are numbered 1 to lotCount. */
  lotCount: number;
}

export function sessionOf(sale: SaleDefinition, number: number): SaleSession {
  const auctionId = number === 1 ? sale.auctionId : `${sale.auctionId}-${number}`;
  const span = maxLotsPerSession - minLotsPerSession + 1;
  return {
    sale,
    number,
    auctionId,
    saleTitle: `${sale.saleTitle} (session ${number})`,
    lotCount: minLotsPerSession + (hashOf(auctionId) % span),
  };
}

export const nextSession = (session: SaleSession) => sessionOf(session.sale, session.number + 1);

/** The session `auctionId` names among `among`'s sessions, or null when it names none. */
export function sessionNamed(
  auctionId: string,
  among: readonly SaleDefinition[] = sales,
): SaleSession | null {
  for (const sale of among) {
    if (auctionId === sale.auctionId) return sessionOf(sale, 1);
    const suffix = auctionId.startsWith(`${sale.auctionId}-`)
      ? auctionId.slice(sale.auctionId.length + 1)
      : '';
    // `-2`, `-3`…, written as sessionOf writes them: `-02` or `-1` name no session.
    const number = Number(suffix);
    if (/^[1-9]\d*$/.test(suffix) && number >= 2 && Number.isSafeInteger(number))
      return sessionOf(sale, number);
  }
  return null;
}

/**
 * Where a run starts the sale, from an earlier run's resume points (auctionId → one past the last
 * lot it opened): the latest session named, at that lot; the next session's lot 1 when that one
 * is over. An older run numbered its only session past 80 lots: that session is over too.
 */
export function resumePointOf(
  sale: SaleDefinition,
  firstLotNumbers: Readonly<Record<string, number>>,
): { session: SaleSession; lotNumber: number } {
  let point = { session: sessionOf(sale, 1), lotNumber: 1 };
  for (const [auctionId, lotNumber] of Object.entries(firstLotNumbers)) {
    const session = sessionNamed(auctionId, [sale]);
    if (session === null || !Number.isSafeInteger(lotNumber) || lotNumber < 1) continue;
    const later =
      session.number > point.session.number ||
      (session.number === point.session.number && lotNumber > point.lotNumber);
    if (later) point = { session, lotNumber };
  }
  return point.lotNumber > point.session.lotCount
    ? { session: nextSession(point.session), lotNumber: 1 }
    : point;
}
