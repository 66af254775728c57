// The agreement as every API answer carries it (docs/product-contract.md §5.3), shared by the
// server that builds it and the browser that validates it. zod/mini: this module runs in the
// browser.
import * as z from 'zod/mini';
import { flagStates } from '@/lib/sale-desk/flags/flag-review';
import { lotStorySchema } from '@/lib/sales/lot-story';

export const agreementStatuses = ['pending', 'approved', 'rejected'] as const;
export type AgreementStatus = (typeof agreementStatuses)[number];

export const decisions = ['approve', 'reject'] as const;
export type Decision = (typeof decisions)[number];

/** What the decision log records: a decision, or a supervisor sending one back to pending. */
export const logActions = [...decisions, 'reopen'] as const;
export type LogAction = (typeof logActions)[number];

/** Bulk decisions take at most this many agreements per call (contract §12). */
export const bulkDecisionLimit = 100;

/** A reject needs a reason of this many characters (trimmed); an approve may carry one. */
export const reasonLength = { min: 3, max: 500 } as const;

/** Page sizes of `GET /api/agreements`. */
export const pageLimit = { default: 25, max: 100 } as const;

/**
 * Orders of `GET /api/agreements` and its export: by close time or amount, `-` for the largest or
 * latest first. The default is the queue: the lot closed longest ago on top.
 */
export const agreementSorts = ['closedAt', '-closedAt', 'amount', '-amount'] as const;
export type AgreementSort = (typeof agreementSorts)[number];
export const defaultAgreementSort: AgreementSort = 'closedAt';

const isoDateTime = z.iso.datetime({ offset: true });

export const approvalSchema = z.object({
  /** Login id of the approver. */
  by: z.string(),
  /** Their display name at the time. */
  byName: z.string(),
  at: isoDateTime,
});
export type Approval = z.infer<typeof approvalSchema>;

export const agreementSchema = z.object({
  id: z.string(),
  platformId: z.string(),
  auctionId: z.string(),
  lotId: z.string(),
  lotTitle: z.string(),
  buyer: z.string(),
  amount: z.int(),
  currency: z.string(),
  status: z.enum(agreementStatuses),
  version: z.int(),
  closedAt: isoDateTime,
  createdAt: isoDateTime,
  decidedAt: z.nullable(isoDateTime),
  /** Login id of the staff member who decided. */
  decidedBy: z.nullable(z.string()),
  /** Their display name at the time. */
  decidedByName: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  /** 2 when the amount is at or above the four-eyes threshold (contract §12). */
  requiredApprovals: z.union([z.literal(1), z.literal(2)]),
  /** Approvals given while it waits for the second, oldest first. */
  approvals: z.array(approvalSchema),
  // The lot's context (contract §14), in the list's items: its sale's title and its number in
  // the catalogue (null when the catalogue lacks the lot), and its flags by review state.
  saleTitle: z.optional(z.nullable(z.string())),
  lotNumber: z.optional(z.nullable(z.int())),
  flags: z.optional(z.object({ open: z.int(), escalated: z.int(), cleared: z.int() })),
});
export type Agreement = z.infer<typeof agreementSchema>;

export const agreementPageSchema = z.object({
  items: z.array(agreementSchema),
  nextCursor: z.nullable(z.string()),
});
export type AgreementPage = z.infer<typeof agreementPageSchema>;

/** `GET /api/agreements`: a page and how many agreements the filter matches on every page. */
export const agreementListSchema = z.extend(agreementPageSchema, { total: z.int() });
export type AgreementList = z.infer<typeof agreementListSchema>;

export const decisionLogEntrySchema = z.object({
  id: z.int(),
  decision: z.enum(logActions),
  reason: z.nullable(z.string()),
  statusBefore: z.enum(agreementStatuses),
  statusAfter: z.enum(agreementStatuses),
  decidedBy: z.string(),
  decidedByName: z.string(),
  decidedAt: isoDateTime,
});
export type DecisionLogEntry = z.infer<typeof decisionLogEntrySchema>;

export const agreementHistorySchema = z.object({
  agreement: agreementSchema,
  decisions: z.array(decisionLogEntrySchema),
  /** The lot's story (contract §14); null when the catalogue lacks the lot. */
  lot: z.nullable(lotStorySchema),
});
export type AgreementHistory = z.infer<typeof agreementHistorySchema>;

/** The 409 of a decision: the error envelope plus the agreement as it now is. */
export const decisionConflictSchema = z.object({ agreement: agreementSchema });

/** A flag that holds an approval back (contract §14, FLAG_GATE), as the refusal names it. */
export const gatingFlagSchema = z.object({
  id: z.string(),
  rule: z.string(),
  state: z.enum(flagStates),
});
export type GatingFlag = z.infer<typeof gatingFlagSchema>;

/** The 409 `flag_unresolved` of an approval: the agreement and the flags of its lot to review. */
export const flagUnresolvedSchema = z.object({
  agreement: agreementSchema,
  flags: z.array(gatingFlagSchema),
});

/** One item of `POST /api/agreements/decisions`: its own status, the agreement as it now is. */
export const bulkItemResultSchema = z.object({
  id: z.string(),
  status: z.int(),
  agreement: z.optional(agreementSchema),
  error: z.optional(z.object({ code: z.string(), message: z.string() })),
  flags: z.optional(z.array(gatingFlagSchema)),
});
export type BulkItemResult = z.infer<typeof bulkItemResultSchema>;

export const bulkDecisionAnswerSchema = z.object({ results: z.array(bulkItemResultSchema) });
