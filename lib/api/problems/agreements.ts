// The codes of deciding agreements (docs/product-contract.md §12, §14).
export const agreementProblems = {
  /** An approval held back by its lot's flags (contract §14, FLAG_GATE). */
  flag_unresolved: 409,
} as const;
