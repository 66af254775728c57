import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { HammerFigure } from './hammer-figure';

function shown(
  hammer: [string, number][],
  unpriced: [string, number][],
  locale: 'en' | 'fr' = 'en',
) {
  const { container } = render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr}>
      <HammerFigure
        figures={{ hammer: new Map(hammer), unpriced: new Map(unpriced) }}
        currency="EUR"
      />
    </NextIntlClientProvider>,
  );
  return container.textContent?.replace(/\u202f|\u00a0/g, ' ');
}

it.each<[string, [string, number][], [string, number][], string, string]>([
  ['nothing sold', [], [], 'No lot sold yet', 'Aucun lot vendu'],
  ['sold lots whose prices were seen', [['EUR', 300_000]], [], '€3,000.00', '3 000,00 €'],
  [
    'sold lots whose prices were not all seen',
    [['EUR', 300_000]],
    [['EUR', 2]],
    '€3,000.00 + 2 lots, prices not seen',
    '3 000,00 € + 2 lots aux prix non vus',
  ],
  [
    'a sold lot whose price was never seen',
    [],
    [['EUR', 1]],
    '1 sold, price not seen',
    '1 vendu, prix non vu',
  ],
  // Another currency's lots say nothing of this one.
  [
    'lots sold in another currency',
    [['GBP', 100]],
    [['GBP', 1]],
    'No lot sold yet',
    'Aucun lot vendu',
  ],
])('%s', (_name, hammer, unpriced, english, french) => {
  expect(shown(hammer, unpriced)).toBe(english);
  expect(shown(hammer, unpriced, 'fr')).toBe(french);
});
