import type { Agreement, Decision } from './agreement';

/** What the screen knows of its rows beyond what the server's page said. */
export interface RowContext {
  /** Decisions sent and not yet answered, by agreement id. */
  saving: Readonly<Record<string, Decision>>;
  /** Rows someone else decided since this page was read (the quiet check's finding). */
  changedElsewhere: ReadonlySet<string>;
}

/** No decision of ours is in flight on the row, and nobody else changed it since it was read. */
export const isSettledRow = (agreement: Agreement, { saving, changedElsewhere }: RowContext) =>
  !(agreement.id in saving) && !changedElsewhere.has(agreement.id);

/** A row a decision can be taken on, alone or in a bulk selection: pending and settled. */
export const isDecidable = (agreement: Agreement, context: RowContext) =>
  agreement.status === 'pending' && isSettledRow(agreement, context);
