// Which browser and system a session was opened from, read from its User-Agent, so a staff member
// tells their sessions apart ("Chrome on Linux"). Names of products, the same in every language.
// First match wins: a UA names the engines it imitates too (Edge says Chrome and Safari, Chrome
// says Safari, Android says Linux, iOS says "like Mac OS X").

export interface BrowserParts {
  browser: string | null;
  system: string | null;
}

const browsers: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/HeadlessChrome\//, 'Headless Chrome'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: readonly (readonly [RegExp, string])[] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (table: typeof browsers, userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

/** The browser and the system a User-Agent names; null for what it does not say. */
export function browserParts(userAgent: string | null | undefined): BrowserParts {
  const text = (userAgent ?? '').slice(0, 500);
  return { browser: firstMatch(browsers, text), system: firstMatch(systems, text) };
}
