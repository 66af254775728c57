CREATE TABLE "lots" (
	"auction_id" text NOT NULL,
	"sale_title" text NOT NULL,
	"lot_id" text NOT NULL,
	"lot_number" integer NOT NULL,
	"lot_title" text NOT NULL,
	"currency" text NOT NULL,
	"low_estimate" bigint NOT NULL,
	"high_estimate" bigint NOT NULL,
	"reserve" bigint,
	"starting_bid" bigint NOT NULL,
	"scheduled_close_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lots_auction_id_lot_id_pk" PRIMARY KEY("auction_id","lot_id"),
	-- DEFERRABLE (drizzle-kit cannot write it): checked at the end of each statement instead of row
	-- by row, so one upsert of the catalogue may swap or shift lot numbers.
	CONSTRAINT "lots_auction_lot_number_unique" UNIQUE("auction_id","lot_number") DEFERRABLE INITIALLY IMMEDIATE,
	CONSTRAINT "lots_lot_number_check" CHECK ("lots"."lot_number" > 0),
	CONSTRAINT "lots_currency_check" CHECK ("lots"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "lots_low_estimate_check" CHECK ("lots"."low_estimate" >= 0),
	CONSTRAINT "lots_estimate_order_check" CHECK ("lots"."low_estimate" <= "lots"."high_estimate"),
	CONSTRAINT "lots_reserve_check" CHECK ("lots"."reserve" >= 0),
	CONSTRAINT "lots_starting_bid_check" CHECK ("lots"."starting_bid" >= 0)
);
