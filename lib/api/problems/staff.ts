// The codes of staff administration (docs/product-contract.md §15).
export const staffProblems = {
  /** The change would leave no enabled admin. */
  last_admin: 409,
  /** Nobody disables or demotes themselves. */
  self_change: 409,
} as const;
