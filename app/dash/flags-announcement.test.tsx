import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { carsA, flagOnCarsA } from '@/lib/sale-desk/testing/flags-view';
import { FlagsAnnouncement } from './flags-announcement';
import { useFlagsNotNews } from './use-flags-not-news';

const sales = carsA;
const flag = flagOnCarsA;

/** As the live dashboard renders it: what is news follows the replay of earlier bids. */
function Announcement({ flags, replaying }: { flags: Flag[]; replaying: boolean }) {
  const notNews = useFlagsNotNews(flags, replaying);
  return <FlagsAnnouncement flags={flags} sales={sales} notNews={notNews} />;
}

function renderAnnouncement(flags: Flag[], replaying = false, locale: 'en' | 'fr' = 'en') {
  const ui = (shown: Flag[], stillReplaying: boolean) => (
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <Announcement flags={shown} replaying={stillReplaying} />
    </NextIntlClientProvider>
  );
  const view = render(ui(flags, replaying));
  return {
    live: screen.getByTestId('flags-announcement'),
    rerender: (shown: Flag[], stillReplaying = false) => view.rerender(ui(shown, stillReplaying)),
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
    expect(live.textContent).toBe('2 nouvelles alertes, la dernière : rafale sur le lot 7');
  });

  it('names a lot the catalogue lacks by its id', () => {
    const { live, rerender } = renderAnnouncement([]);
    rerender([flag(1, 'jump', 'unknown-lot')]);
    expect(live).toHaveTextContent('New flag: jump on lot unknown-lot');
  });
});
