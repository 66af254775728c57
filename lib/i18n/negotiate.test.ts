import {
  negotiateClientLocale,
  negotiateServerLocale,
  parseAcceptLanguage,
  toSupportedLocale,
} from './negotiate';

describe('toSupportedLocale', () => {
  it.each<[string | null | undefined, 'en' | 'fr' | null]>([
    ['fr-CA', 'fr'],
    ['FR', 'fr'],
    ['fr', 'fr'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['en_GB', 'en'],
    ['  fr-BE  ', 'fr'],
    ['de-DE', null],
    ['de', null],
    ['frx', null],
    ['*', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%p → %p', (tag, expected) => {
    expect(toSupportedLocale(tag)).toBe(expected);
  });
});

describe('negotiateClientLocale', () => {
  it.each<[string, string | null | undefined, string[], 'en' | 'fr']>([
    ['stored preference beats the browser', 'fr', ['en-US', 'en'], 'fr'],
    ['stored preference beats the browser (en)', 'en', ['fr-FR', 'fr'], 'en'],
    ['stored tag with region is reduced to its primary subtag', 'fr-CA', ['en'], 'fr'],
    ['unsupported stored value falls to the browser languages', 'de', ['fr-FR', 'en'], 'fr'],
    ['garbage stored value falls to the browser languages', 'not-a-locale', ['fr'], 'fr'],
    ['no stored value uses the browser languages', null, ['fr-CH'], 'fr'],
    ['undefined stored value uses the browser languages', undefined, ['en-GB', 'fr'], 'en'],
    [
      'browser languages are tried in order by primary subtag',
      null,
      ['de-DE', 'es', 'fr-CA', 'en'],
      'fr',
    ],
    ['nothing supported falls back to en', 'de', ['de-DE', 'es'], 'en'],
    ['no browser languages falls back to en', null, [], 'en'],
  ])('%s', (_name, stored, browser, expected) => {
    expect(negotiateClientLocale(stored, browser)).toBe(expected);
  });
});

describe('parseAcceptLanguage', () => {
  it.each<[string, string | null | undefined, string[]]>([
    ['empty string', '', []],
    ['null', null, []],
    ['undefined', undefined, []],
    ['single tag', 'fr-CA', ['fr-CA']],
    ['orders by q, highest first', 'en;q=0.5,fr;q=0.9,de', ['de', 'fr', 'en']],
    ['ties keep their order', 'es;q=0.8,fr;q=0.8,en;q=0.8', ['es', 'fr', 'en']],
    ['implicit q=1 ties keep their order', 'fr-CA,fr,en', ['fr-CA', 'fr', 'en']],
    ['q=0 is excluded', 'fr;q=0,en', ['en']],
    ['q=0.000 is excluded', 'fr;q=0.000,en;q=0.1', ['en']],
    ['* is excluded', '*,fr;q=0.5', ['fr']],
    ['* with q is excluded', 'en,*;q=0.1', ['en']],
    ['malformed q is treated as 0 and excluded', 'fr;q=abc,en;q=0.3', ['en']],
    [
      'whitespace around parts and params is ignored',
      ' fr-CA ; q=0.7 , en ; q=0.9 ',
      ['en', 'fr-CA'],
    ],
    ['empty parts are dropped', 'fr,,en;q=0.5,', ['fr', 'en']],
    [
      'typical browser header',
      'fr-CA,fr;q=0.9,en-US;q=0.8,en;q=0.7',
      ['fr-CA', 'fr', 'en-US', 'en'],
    ],
  ])('%s', (_name, header, expected) => {
    expect(parseAcceptLanguage(header)).toEqual(expected);
  });
});

describe('negotiateServerLocale', () => {
  it.each<[string, string | null | undefined, string | null | undefined, 'en' | 'fr']>([
    ['cookie wins over Accept-Language', 'fr', 'en-US,en;q=0.9', 'fr'],
    ['cookie en wins over a French browser', 'en', 'fr-FR,fr', 'en'],
    ['invalid cookie is ignored', 'xx', 'fr-FR', 'fr'],
    ['empty cookie is ignored', '', 'fr', 'fr'],
    ['regional then primary', null, 'fr-CA,fr;q=0.9', 'fr'],
    ['unsupported language falls back to en', null, 'de-DE', 'en'],
    ['higher q unsupported is skipped for lower q supported', null, 'de;q=1,fr;q=0.5', 'fr'],
    ['q ordering is respected over header order', undefined, 'en;q=0.2,fr;q=0.8', 'fr'],
    ['q=0 supported language is never chosen', null, 'fr;q=0,de', 'en'],
    ['empty header falls back to en', null, '', 'en'],
    ['nothing at all falls back to en', undefined, undefined, 'en'],
  ])('%s', (_name, cookie, header, expected) => {
    expect(negotiateServerLocale(cookie, header)).toBe(expected);
  });
});
