-- Accounts that exist before roles keep what they could do, everything: they become admin (the
-- default of the ADD COLUMN fills them). From then on the default is the least privilege, clerk;
-- every creation path names the role anyway.
ALTER TABLE "staff_accounts" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_accounts" ALTER COLUMN "role" SET DEFAULT 'clerk';--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_role_check" CHECK ("staff_accounts"."role" in ('clerk', 'supervisor', 'admin'));
