import { roles } from '@/lib/auth/roles';
import { readStoredValue, storageKeys, writeStoredValue } from '@/lib/storage/stored-values';
import { object, oneOf, optional, string, type Infer } from '@/lib/validation/validator';

/** The signed-in user this browser remembers under `gavel.user` (docs/product-contract.md §3). */
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

/** The stored user as its raw text: a stable snapshot for useSyncExternalStore. */
export const readStoredUserText = (): string | null => readStoredValue(storageKeys.user);

export function parseStoredUser(raw: string | null): StoredUser | null {
  if (raw === null) return null;
  try {
    const parsed = storedUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const readStoredUser = (): StoredUser | null =>
  parseStoredUser(readStoredValue(storageKeys.user));

export function writeStoredUser(user: StoredUser | null): void {
  writeStoredValue(storageKeys.user, user === null ? null : JSON.stringify(user));
}
