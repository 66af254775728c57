import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { carsA, flagOnCarsA } from '@/testing/sale-desk/flags-view';
import { FlagsAnnouncement } from './flags-announcement';
import { useFlagsNotNews } from './use-flags-not-news';

const sales = carsA;
const flag = flagOnCarsA;

/** As the live dashboard renders it: what is news follows the replay of earlier bids. */
function Announcement({
  flags,
  replaying,
  focusedSale,
}: {
  flags: Flag[];
  replaying: boolean;
  focusedSale: string | null;
}) {
  const notNews = useFlagsNotNews(flags, replaying);
  return (
    <FlagsAnnouncement flags={flags} focusedSale={focusedSale} sales={sales} notNews={notNews} />
  );
}

/** The sale focus of Cars A unless said otherwise (`focusedSale: null` is the all-sales view). */
function renderAnnouncement(
  flags: Flag[],
  replaying = false,
  locale: 'en' | 'fr' = 'en',
  focusedSale: string | null = 'cars-a',
) {
  const ui = (
    shown: Flag[],
    stillReplaying: boolean,
    view: string | null,
    language: 'en' | 'fr',
  ) => (
    <NextIntlClientProvider locale={language} messages={language === 'en' ? en : fr} timeZone="UTC">
      <Announcement flags={shown} replaying={stillReplaying} focusedSale={view} />
    </NextIntlClientProvider>
  );
  const view = render(ui(flags, replaying, focusedSale, locale));
  return {
    live: screen.getByTestId('flags-announcement'),
    rerender: (
      shown: Flag[],
      stillReplaying = false,
      {
        sale = focusedSale,
        language = locale,
      }: { sale?: string | null; language?: 'en' | 'fr' } = {},
    ) => view.rerender(ui(shown, stillReplaying, sale, language)),
  };
}

describe('FlagsAnnouncement', () => {
  it('announces only the flags raised after it appeared, politely', () => {
    const { live, rerender } = renderAnnouncement([flag(1)]);
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveTextContent(/^$/);
    rerender([flag(2, 'late'), flag(1)]);
    expect(live).toHaveTextContent('New flag: late on lot 7');
  });

  it('does not announce the flags the replay of earlier bids raised, only later ones', () => {
    const { live, rerender } = renderAnnouncement([], true);
    rerender([flag(2), flag(1)], true);
    expect(live).toHaveTextContent(/^$/);
    rerender([flag(3, 'burst'), flag(2), flag(1)], false);
    // Raised while the replay was still going: not news.
    expect(live).toHaveTextContent(/^$/);
    rerender([flag(4, 'late'), flag(3, 'burst'), flag(2), flag(1)]);
    expect(live).toHaveTextContent('New flag: late on lot 7');
  });

  it('appearing after the replay ended, announces what was raised since, not what the replay raised', () => {
    render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
        <FlagsAnnouncement
          flags={[flag(2, 'late'), flag(1)]}
          focusedSale="cars-a"
          sales={sales}
          notNews={new Set([flag(1).id])}
        />
      </NextIntlClientProvider>,
    );
    expect(screen.getByTestId('flags-announcement')).toHaveTextContent('New flag: late on lot 7');
  });

  it('counts several new flags, names the newest, and says it in French', () => {
    const { live, rerender } = renderAnnouncement([], false, 'fr');
    rerender([flag(3, 'burst'), flag(2, 'late')]);
    expect(live.textContent).toBe('2 nouvelles alertes, la dernière\u00a0: rafale sur le lot 7');
  });

  it('names a lot the catalogue lacks by its id', () => {
    const { live, rerender } = renderAnnouncement([]);
    rerender([flag(1, 'jump', 'unknown-lot')]);
    expect(live).toHaveTextContent('New flag: jump on lot unknown-lot');
  });

  it('says nothing again when the flags are raised again by a reload of the earlier bids', () => {
    const { live, rerender } = renderAnnouncement([]);
    rerender([flag(1, 'late')]);
    const said = live.firstElementChild;
    rerender([]);
    rerender([flag(1, 'late')]);
    expect(live.firstElementChild).toBe(said);
  });

  it('on the all-sales view, names the sale of the lot', () => {
    const { live, rerender } = renderAnnouncement([], false, 'en', null);
    rerender([flag(1, 'jump')]);
    expect(live).toHaveTextContent('New flag: jump on lot 7 of Cars A');
  });

  it('names a sale whatever its title, "none" too (no title is a keyword of the message)', () => {
    const [cars] = carsA;
    render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
        <FlagsAnnouncement
          flags={[flag(2, 'late')]}
          focusedSale={null}
          sales={[{ ...cars!, saleTitle: 'none' }]}
          notNews={new Set()}
        />
      </NextIntlClientProvider>,
    );
    expect(screen.getByTestId('flags-announcement')).toHaveTextContent(
      'New flag: late on lot 7 of none',
    );
  });

  it('says a flag once: changing the view or the language reads nothing out again', () => {
    const { live, rerender } = renderAnnouncement([], false, 'en', null);
    const flags = [flag(1, 'jump')];
    rerender(flags);
    const said = live.firstElementChild;
    expect(said).toHaveTextContent('New flag: jump on lot 7 of Cars A');
    rerender(flags, false, { sale: 'cars-b' });
    rerender(flags, false, { sale: null });
    expect(live.firstElementChild).toBe(said);
    // Emptied, not said again in the other language (a removal is not read out).
    rerender(flags, false, { language: 'fr' });
    rerender([...flags], false, { language: 'en' });
    expect(live).toHaveTextContent(/^$/);
  });

  it('leaves nothing in English once the console speaks French, and says the next flag in French', () => {
    const { live, rerender } = renderAnnouncement([], false, 'en');
    rerender([flag(1, 'late')]);
    expect(live).toHaveTextContent('New flag: late on lot 7');
    rerender([flag(1, 'late')], false, { language: 'fr' });
    expect(live).not.toHaveTextContent('New flag');
    rerender([flag(2, 'burst'), flag(1, 'late')], false, { language: 'fr' });
    expect(live.textContent).toBe('Nouvelle alerte\u00a0: rafale sur le lot 7');
  });

  it('in a sale focus, says nothing of another sale’s flags, then or later', () => {
    const { live, rerender } = renderAnnouncement([], false, 'en', 'cars-b');
    rerender([flag(1, 'jump')]);
    expect(live).toHaveTextContent(/^$/);
    rerender([flag(1, 'jump')], false, { sale: null });
    rerender([flag(2, 'late'), flag(1, 'jump')], false, { sale: null });
    expect(live).toHaveTextContent('New flag: late on lot 7 of Cars A');
  });

  it('adds a new element for the same words twice in a row, so they are read out again', () => {
    const { live, rerender } = renderAnnouncement([]);
    rerender([flag(1, 'late')]);
    const first = live.firstElementChild;
    expect(first).toHaveTextContent('New flag: late on lot 7');
    rerender([flag(2, 'late'), flag(1, 'late')]);
    expect(live).toHaveTextContent('New flag: late on lot 7');
    expect(live.firstElementChild).not.toBe(first);
    expect(first).not.toBeInTheDocument();
  });
});
