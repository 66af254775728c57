-- Four-eyes approval (contract §12, docs/adr/0014-four-eyes-approval.md): the approvals an agreement
-- collects while it waits for its second, and reopening in the decision log.
ALTER TABLE "agreements" ADD COLUMN "approvals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agreement_decisions" ADD CONSTRAINT "agreement_decisions_decision_check" CHECK ("agreement_decisions"."decision" in ('approve', 'reject', 'reopen'));