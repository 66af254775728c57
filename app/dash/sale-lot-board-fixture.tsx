// Shared by the sale board's tests: rows as the sale view builds them, the board rendered in en or
// fr, and the page around it faked (the address, the viewport, scrolling).
import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { LotStatus } from '@/lib/sale-desk/lot-record';
import type { SaleLotRow } from '@/lib/sales/sale-view';
import { fakeViewport } from '@/lib/viewport/testing/fake-viewport';
import { SaleLotBoard } from './sale-lot-board';
import { mockAddress, mockRouter } from './sale-lot-board-address';

let currentViewport: ReturnType<typeof fakeViewport>;
/** The viewport of the test: a desktop's until `setMobile(true)`. */
export const viewport = {
  setMobile: (mobile: boolean) => currentViewport.setMobile(mobile),
};
// jsdom lays nothing out and has no scrollIntoView: a stub records which element asked for it.
export const scrollIntoView = jest.fn<void, [(boolean | ScrollIntoViewOptions)?]>();

/** Fakes the page around the board for each test (registers hooks): call at the file's top level. */
export function fakeBoardPage() {
  beforeEach(() => {
    currentViewport = fakeViewport();
    mockAddress.url = new URL('http://localhost/dash?sale=cars-a');
    mockRouter.replace.mockClear();
    scrollIntoView.mockClear();
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterAll(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
}

const phaseOf = (status: LotStatus) =>
  status === 'upcoming' ? 'upcoming' : status === 'open' ? 'open' : 'closed';

/** A row as the sale view builds it: its phase, `open` and `sold` follow its `status`. */
export const row = (
  lotNumber: number,
  extra: Partial<SaleLotRow> = {},
  auctionId = 'cars-a',
): SaleLotRow => {
  const status = extra.status ?? 'open';
  return {
    key: JSON.stringify([auctionId, `lot-${lotNumber}`]),
    auctionId,
    lotId: `lot-${lotNumber}`,
    lotNumber,
    lotTitle: `Title ${lotNumber}`,
    currency: 'EUR',
    lowEstimate: 100_000,
    highEstimate: 200_000,
    highBid: null,
    bidCount: 0,
    leader: null,
    lastBidAt: null,
    startedAt: null,
    open: status === 'open',
    phase: phaseOf(status),
    status,
    closesAt: null,
    reserve: 'not-met',
    flags: 0,
    sold: status === 'sold',
    hammer: null,
    buyer: null,
    closedTimetoken: null,
    ...extra,
  };
};

export const sold = (lotNumber: number, extra: Partial<SaleLotRow> = {}) =>
  row(lotNumber, {
    status: 'sold',
    highBid: 150_000,
    bidCount: 3,
    leader: 'Paddle 2',
    reserve: 'met',
    hammer: 150_000,
    buyer: 'Paddle 2',
    closedTimetoken: '17637000000000000',
    ...extra,
  });
export const passed = (lotNumber: number, extra: Partial<SaleLotRow> = {}) =>
  row(lotNumber, { status: 'passed', closedTimetoken: '17637000000000000', ...extra });

export function inLocale(locale: 'en' | 'fr', board: ReactNode) {
  return (
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      {board}
    </NextIntlClientProvider>
  );
}

export const renderBoard = (
  rows: SaleLotRow[],
  locale: 'en' | 'fr' = 'en',
  props: { lotPanelOpen?: boolean } = {},
) => render(inLocale(locale, <SaleLotBoard rows={rows} {...props} />));

export const lotIds = () => screen.getAllByTestId('board-lot').map((item) => item.dataset.lotId);
export const boardLot = (lotId: string) =>
  screen.getAllByTestId('board-lot').find((item) => item.dataset.lotId === lotId)!;
