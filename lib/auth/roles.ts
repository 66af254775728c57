// Staff roles and what each may do (docs/product-contract.md §12), as data: the API enforces it
// and the screen hides what a role cannot do, both from this one table. No I/O, no server-only
// import: the browser and drizzle-kit (through the schema) load it too.

/** Least privilege first. */
export const roles = ['clerk', 'supervisor', 'admin'] as const;
export type Role = (typeof roles)[number];

/** What an account without an explicit role gets: the least privilege. */
export const defaultRole: Role = 'clerk';

export const actions = [
  /** See sales, lots, agreements, reports and the export. */
  'see',
  /** Approve or reject an agreement below the four-eyes threshold. */
  'decide-below-threshold',
  /** First approval of an agreement at or above the threshold. */
  'first-approval',
  /** Second approval of an agreement at or above the threshold. */
  'second-approval',
  /** Send a decided agreement back to pending. */
  'reopen',
  /** Clear or escalate an open flag (contract §14). */
  'review-flag',
  /** Clear a flag someone escalated. */
  'clear-escalated-flag',
  /** Add staff, change roles, disable, reset passwords, end sessions (contract §15). */
  'manage-staff',
  /** Read and export the activity log. */
  'see-activity',
] as const;
export type Action = (typeof actions)[number];

/** The roles allowed each action: contract §12's table, row by row. */
export const permissions: Readonly<Record<Action, readonly Role[]>> = {
  see: ['clerk', 'supervisor', 'admin'],
  'decide-below-threshold': ['clerk', 'supervisor', 'admin'],
  'first-approval': ['clerk', 'supervisor', 'admin'],
  'second-approval': ['supervisor', 'admin'],
  reopen: ['supervisor', 'admin'],
  'review-flag': ['clerk', 'supervisor', 'admin'],
  'clear-escalated-flag': ['supervisor', 'admin'],
  'manage-staff': ['admin'],
  'see-activity': ['supervisor', 'admin'],
};

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (roles as readonly string[]).includes(value);

/** Whether an account with `role` may do `action`. */
export const can = (role: Role, action: Action): boolean => permissions[action].includes(role);
