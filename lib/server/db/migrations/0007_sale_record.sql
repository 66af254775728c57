-- The sale record (contract §13, docs/adr/0035-sale-record.md): every message of `bids` once, the
-- refused ones aside, each lot's state and the flags, kept by the recorder.
CREATE TABLE "lot_records" (
	"auction_id" text NOT NULL,
	"lot_id" text NOT NULL,
	"record" jsonb NOT NULL,
	"last_timetoken" text NOT NULL,
	"status" text NOT NULL,
	"currency" text,
	"hammer" bigint,
	CONSTRAINT "lot_records_auction_id_lot_id_pk" PRIMARY KEY("auction_id","lot_id"),
	CONSTRAINT "lot_records_status_check" CHECK ("lot_records"."status" in ('open', 'sold', 'passed'))
);
--> statement-breakpoint
CREATE TABLE "recorder_cursor" (
	"id" integer PRIMARY KEY NOT NULL,
	"through" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recorder_cursor_one_row" CHECK ("recorder_cursor"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "rejected_messages" (
	"timetoken" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"detail" text NOT NULL,
	"payload" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_flags" (
	"id" text PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"auction_id" text NOT NULL,
	"lot_id" text NOT NULL,
	"paddles" jsonb NOT NULL,
	"bid_ids" jsonb NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"timetoken" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_messages" (
	"timetoken" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"auction_id" text NOT NULL,
	"lot_id" text NOT NULL,
	"bid_id" uuid,
	"bidder" text,
	"amount" bigint,
	"currency" text,
	"payload" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_messages_timetoken_check" CHECK ("sale_messages"."timetoken" ~ '^[1-9][0-9]{16}$')
);
--> statement-breakpoint
CREATE INDEX "rejected_messages_recorded_at_idx" ON "rejected_messages" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "sale_flags_sale_idx" ON "sale_flags" USING btree ("auction_id","timetoken");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_messages_bid_id_idx" ON "sale_messages" USING btree ("bid_id");--> statement-breakpoint
CREATE INDEX "sale_messages_lot_idx" ON "sale_messages" USING btree ("auction_id","lot_id","timetoken") WHERE "sale_messages"."type" = 'bid.placed';--> statement-breakpoint
CREATE INDEX "sale_messages_published_at_idx" ON "sale_messages" USING btree ("published_at");