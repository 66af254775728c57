import { parseThemePreference, resolveTheme, themePreferences, themeScript } from './theme';

describe('parseThemePreference', () => {
  it.each([
    ['system', 'system'],
    ['light', 'light'],
    ['dark', 'dark'],
    [null, 'system'],
    ['', 'system'],
    ['Dark', 'system'],
    ['{"theme":"dark"}', 'system'],
  ])('%p → %s', (raw, expected) => {
    expect(parseThemePreference(raw)).toBe(expected);
  });
});

describe('the inline script agrees with resolveTheme', () => {
  // Every stored value and system preference: the script paints what the switcher would.
  const stored = [...themePreferences, null, 'junk'];
  const cases = stored.flatMap((raw) => [true, false].map((systemDark) => [raw, systemDark]));

  it.each(cases)('stored %p, system dark %p', (raw, systemDark) => {
    window.localStorage.clear();
    if (raw !== null) window.localStorage.setItem('gavel.theme', raw as string);
    window.matchMedia = ((query: string) => ({
      matches: query === '(prefers-color-scheme: dark)' && (systemDark as boolean),
    })) as unknown as typeof window.matchMedia;
    document.documentElement.removeAttribute('data-theme');
    new Function(themeScript)();
    expect(document.documentElement.getAttribute('data-theme')).toBe(
      resolveTheme(parseThemePreference(raw as string | null), systemDark as boolean),
    );
  });

  it('paints light when storage cannot be read rather than failing the page', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    document.documentElement.setAttribute('data-theme', 'light');
    expect(() => new Function(themeScript)()).not.toThrow();
    getItem.mockRestore();
  });
});
