CREATE TABLE "agreement_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agreement_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"login_id" text NOT NULL,
	"display_name" text NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"status_before" text NOT NULL,
	"status_after" text NOT NULL,
	"version_before" integer NOT NULL,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"platform_id" text NOT NULL,
	"auction_id" text NOT NULL,
	"lot_id" text NOT NULL,
	"lot_title" text NOT NULL,
	"buyer" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_account_id" uuid,
	"decided_by" text,
	"decided_by_name" text,
	"reason" text,
	CONSTRAINT "agreements_seq_unique" UNIQUE("seq"),
	CONSTRAINT "agreements_platform_id_unique" UNIQUE("platform_id"),
	CONSTRAINT "agreements_status_check" CHECK ("agreements"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "agreements_amount_check" CHECK ("agreements"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "agreement_decisions" ADD CONSTRAINT "agreement_decisions_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_decisions" ADD CONSTRAINT "agreement_decisions_account_id_staff_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_decided_by_account_id_staff_accounts_id_fk" FOREIGN KEY ("decided_by_account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_decisions_agreement_idx" ON "agreement_decisions" USING btree ("agreement_id","id");--> statement-breakpoint
CREATE INDEX "agreements_status_seq_idx" ON "agreements" USING btree ("status","seq");--> statement-breakpoint
-- The decision log is append-only: the database itself refuses to change or remove an entry.
CREATE FUNCTION "agreement_decisions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'agreement_decisions is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "agreement_decisions_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "agreement_decisions"
	FOR EACH STATEMENT EXECUTE FUNCTION "agreement_decisions_append_only"();
