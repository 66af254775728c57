import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

type Tree = { [key: string]: string | Tree };

function keyPaths(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keyPaths(value, `${prefix}${key}.`),
  );
}

function placeholders(text: string): string[] {
  // `{name}` or `{name, plural, ...}`; plural branches (`{# bids}`) are text, not placeholders.
  return [...text.matchAll(/\{(\w+)(?=[,}])/g)].map((match) => match[1] ?? '').sort();
}

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
