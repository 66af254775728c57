import { roles, type Role } from '@/lib/auth/roles';
import {
  boolean,
  int,
  nullable,
  object,
  oneOf,
  optional,
  string,
  type Infer,
} from '@/lib/validation/validator';

// A staff account as `GET /api/staff` and the admin actions answer it (contract §15), and what
// each action does to the row shown. No zod: the browser reads it (lib/validation/validator.ts).

export const staffStatuses = ['enabled', 'disabled'] as const;
export type StaffStatus = (typeof staffStatuses)[number];

export const staffAccountSchema = object({
  loginId: string({ minLength: 1 }),
  displayName: string(),
  role: oneOf(roles),
  status: oneOf(staffStatuses),
  lastSignInAt: nullable(string()),
  openSessions: int(),
  /** A temporary password not changed yet; absent from a server that does not say. */
  mustChangePassword: optional(boolean()),
});
export type StaffAccount = Infer<typeof staffAccountSchema>;

/** What an admin asks to add: the password is the server's to make. */
export interface NewStaffAccount {
  loginId: string;
  displayName: string;
  role: Role;
}

/** The list with `account` in place of the row of the same login id, or added in login id order. */
export function withAccount(
  accounts: readonly StaffAccount[],
  account: StaffAccount,
): StaffAccount[] {
  if (accounts.some((row) => row.loginId === account.loginId))
    return accounts.map((row) => (row.loginId === account.loginId ? account : row));
  const at = accounts.findIndex((row) => row.loginId.localeCompare(account.loginId) > 0);
  return at === -1
    ? [...accounts, account]
    : [...accounts.slice(0, at), account, ...accounts.slice(at)];
}

/** A reset password is temporary, and the reset ends the account's sessions. */
export const afterPasswordReset = (account: StaffAccount): StaffAccount => ({
  ...account,
  mustChangePassword: true,
  openSessions: 0,
});

export const afterSessionsEnded = (account: StaffAccount): StaffAccount => ({
  ...account,
  openSessions: 0,
});
