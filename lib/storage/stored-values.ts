import { roles } from '@/lib/auth/roles';
import { object, oneOf, optional, string, type Infer } from '@/lib/validation/validator';

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

export const storedUserSchema = object({
  loginId: string({ minLength: 1 }),
  displayName: string(),
  /**
   * Absent in a user stored before roles existed: the next access check stores it. A screen that
   * hides what a role cannot do treats an absent role as the least privilege.
   */
  role: optional(oneOf(roles)),
});
export type StoredUser = Infer<typeof storedUserSchema>;

// Storage can throw (disabled storage, private modes, quota): treat it as empty, never crash.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Fired on this tab's window when it changes a stored value (`storage` covers other tabs). */
export const storedValuesChangedEvent = 'gavel:stored-values-changed';

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not remembered.
  }
  window.dispatchEvent(new Event(storedValuesChangedEvent));
}

/** The stored user as its raw text: a stable snapshot for useSyncExternalStore. */
export const readStoredUserText = (): string | null => read(storageKeys.user);

export function parseStoredUser(raw: string | null): StoredUser | null {
  if (raw === null) return null;
  try {
    const parsed = storedUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const readStoredUser = (): StoredUser | null => parseStoredUser(read(storageKeys.user));

export function writeStoredUser(user: StoredUser | null): void {
  write(storageKeys.user, user === null ? null : JSON.stringify(user));
}

export const readAccessTokenId = (): string | null => read(storageKeys.accessTokenId);
export const writeAccessTokenId = (id: string | null): void => write(storageKeys.accessTokenId, id);

export const readLocalePreference = (): string | null => read(storageKeys.locale);
export const writeLocalePreference = (locale: string): void => write(storageKeys.locale, locale);

export const readThemePreference = (): string | null => read(storageKeys.theme);
export const writeThemePreference = (theme: string): void => write(storageKeys.theme, theme);

/** What `crypto.randomUUID` makes and the realtime configuration takes as a client id. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * This browser's PubNub `userId`, made once. A stored value that is not a UUID (edited, or left
 * by another version) is replaced: the realtime configuration refuses it, and the dashboard
 * would stay offline across reloads.
 */
export function readOrCreateClientId(): string {
  const existing = read(storageKeys.clientId);
  if (existing && uuidPattern.test(existing)) return existing;
  const created = crypto.randomUUID();
  write(storageKeys.clientId, created);
  return created;
}
