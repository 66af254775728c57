import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

type Tree = { [key: string]: string | Tree };

function keyPaths(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keyPaths(value, `${prefix}${key}.`),
  );
}

/**
 * The arguments an ICU message uses, sorted: `{name}`, `{count, plural, ...}` and those inside
 * select and plural branches. Branch texts (`other {Agreements}`) are text, not arguments.
 */
function placeholders(text: string): string[] {
  const found: string[] = [];
  let index = 0;
  // Reads message text up to an unmatched `}` (the end of a branch) or the end.
  function readMessage(): void {
    while (index < text.length && text[index] !== '}') {
      if (text[index] === '{') readArgument();
      else index += 1;
    }
  }
  function readArgument(): void {
    index += 1; // `{`
    const close = text.slice(index).search(/[,}]/);
    const name = text.slice(index, index + close).trim();
    found.push(name);
    index += close;
    if (text[index] === ',') {
      const header = /^,\s*(\w+)\s*(,?)/.exec(text.slice(index))!;
      index += header[0].length;
      if (header[2] === ',') {
        // Branches: `key {message}` until the argument's closing brace.
        while (index < text.length && text[index] !== '}') {
          if (text[index] === '{') {
            index += 1;
            readMessage();
          }
          index += 1;
        }
      }
    }
    index += 1; // `}`
  }
  readMessage();
  return found.sort();
}

describe('placeholders', () => {
  it.each([
    ['plain text', 'Sign in', []],
    ['an argument', 'Signed in as {name}', ['name']],
    ['a plural', '{count, plural, one {# bid} other {# bids}}', ['count']],
    [
      'a select whose branches are words',
      '{status, select, approved {Approved} other {Decided}} by {name}, {time}',
      ['name', 'status', 'time'],
    ],
    ['an argument inside a branch', '{a, select, x {{b} and more} other {none}}', ['a', 'b']],
    ['a formatted argument', 'At {when, time, short}', ['when']],
  ])('finds the arguments of %s', (_name, text, expected) => {
    expect(placeholders(text)).toEqual(expected);
  });
});

describe('messages', () => {
  it('en and fr have exactly the same keys', () => {
    expect(keyPaths(fr).sort()).toEqual(keyPaths(en).sort());
  });

  it('every fr text uses the same placeholders as its en text', () => {
    const lookup = (tree: Tree, path: string) =>
      path
        .split('.')
        .reduce<string | Tree>((node, key) => (node as Tree)[key] ?? '', tree) as string;
    for (const path of keyPaths(en)) {
      expect({ path, placeholders: placeholders(lookup(fr, path)) }).toEqual({
        path,
        placeholders: placeholders(lookup(en, path)),
      });
    }
  });

  it('no text is empty', () => {
    for (const tree of [en, fr]) {
      const lookup = (path: string) =>
        path.split('.').reduce<string | Tree>((node, key) => (node as Tree)[key] ?? '', tree);
      for (const path of keyPaths(tree)) expect(String(lookup(path)).trim()).not.toBe('');
    }
  });
});

describe('the root error screen', () => {
  it('shows the catalogs’ GlobalError texts, which it carries itself', async () => {
    const { globalErrorTexts } = await import('./global-error-texts');
    expect(globalErrorTexts).toEqual({ en: en.GlobalError, fr: fr.GlobalError });
  });
});

describe('texts naming a sale', () => {
  // A sale's title is anyone's text: it must never meet a select's keyword ("none" once was one).
  it.each([
    ['en', en, 'Pending agreements · none'],
    ['fr', fr, 'Accords en attente · none'],
  ] as const)('the agreements title names a sale titled "none" (%s)', (locale, messages, text) => {
    const t = createTranslator({ locale, messages, namespace: 'Agreements' });
    expect(t('titleFiltered', { status: 'pending', scope: 'sale', sale: 'none' })).toBe(text);
    expect(t('titleFiltered', { status: 'pending', scope: 'all', sale: '' })).toBe(
      text.replace(' · none', ''),
    );
  });
});

describe('counts of messages not shown', () => {
  it.each([
    ['en', en, 'Not shown: 1 invalid, 0 undecryptable, 1 of unknown type, 1 duplicate.'],
    ['fr', fr, 'Non affichés : 1 invalide, 0 indéchiffrable, 1 de type inconnu, 1 doublon.'],
  ] as const)('agree with one (%s)', (locale, messages, text) => {
    const t = createTranslator({ locale, messages, namespace: 'LiveDashboard' });
    const counts = { invalid: 1, undecryptable: 0, unknownType: 1, duplicates: 1 };
    expect(t('dropped', counts)).toBe(text);
    expect(t('dropped', { ...counts, invalid: 19, duplicates: 2 })).toBe(
      locale === 'en'
        ? 'Not shown: 19 invalid, 0 undecryptable, 1 of unknown type, 2 duplicates.'
        : 'Non affichés : 19 invalides, 0 indéchiffrable, 1 de type inconnu, 2 doublons.',
    );
  });
});
