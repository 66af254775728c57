// The codes of signing in and of one's own account (docs/product-contract.md §5.6, §15).
export const authProblems = {
  invalid_credentials: 401,
  /** An admin action needs the password entered within the last 15 minutes (contract §15). */
  reauth_required: 401,
  /** A temporary password must be changed before any other call (contract §15). */
  password_change_required: 403,
} as const;
