-- Flags reviewed together (contract §14, docs/adr/0037-flag-review-and-gate.md): each flag's state, and
-- every review of it (who, when, outcome, note), kept for good.
CREATE TABLE "flag_reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"flag_id" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text NOT NULL,
	"account_id" uuid,
	"login_id" text NOT NULL,
	"display_name" text NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flag_reviews_outcome_check" CHECK ("flag_reviews"."outcome" in ('cleared', 'escalated'))
);
--> statement-breakpoint
ALTER TABLE "sale_flags" ADD COLUMN "state" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "flag_reviews" ADD CONSTRAINT "flag_reviews_flag_id_sale_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."sale_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_reviews" ADD CONSTRAINT "flag_reviews_account_id_staff_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flag_reviews_flag_idx" ON "flag_reviews" USING btree ("flag_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "sale_flags_lot_idx" ON "sale_flags" USING btree ("auction_id","lot_id");--> statement-breakpoint
ALTER TABLE "sale_flags" ADD CONSTRAINT "sale_flags_state_check" CHECK ("sale_flags"."state" in ('open', 'cleared', 'escalated'));