/**
 * Every value the console keeps in localStorage, prefixed `gavel.` (docs/product-contract.md §3).
 */
export const storageKeys = {
  user: 'gavel.user',
  accessTokenId: 'gavel.accessTokenId',
  locale: 'gavel.locale',
  theme: 'gavel.theme',
  clientId: 'gavel.clientId',
} as const;

// Storage can throw (disabled storage, private modes, quota): treat it as empty, never crash.
export function readStoredValue(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Fired on this tab's window when it changes a stored value (`storage` covers other tabs). */
export const storedValuesChangedEvent = 'gavel:stored-values-changed';

export function writeStoredValue(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not remembered.
  }
  window.dispatchEvent(new Event(storedValuesChangedEvent));
}

export const readAccessTokenId = (): string | null => readStoredValue(storageKeys.accessTokenId);
export const writeAccessTokenId = (id: string | null): void =>
  writeStoredValue(storageKeys.accessTokenId, id);

export const readLocalePreference = (): string | null => readStoredValue(storageKeys.locale);
export const writeLocalePreference = (locale: string): void =>
  writeStoredValue(storageKeys.locale, locale);

export const readThemePreference = (): string | null => readStoredValue(storageKeys.theme);
export const writeThemePreference = (theme: string): void =>
  writeStoredValue(storageKeys.theme, theme);

/** What `crypto.randomUUID` makes and the realtime configuration takes as a client id. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * This browser's PubNub `userId`, made once. A stored value that is not a UUID (edited, or left
 * by another version) is replaced: the realtime configuration refuses it, and the dashboard
 * would stay offline across reloads.
 */
export function readOrCreateClientId(): string {
  const existing = readStoredValue(storageKeys.clientId);
  if (existing && uuidPattern.test(existing)) return existing;
  const created = crypto.randomUUID();
  writeStoredValue(storageKeys.clientId, created);
  return created;
}
