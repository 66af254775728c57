-- Search of agreements (docs/adr/0012-agreement-search.md): every word of `q` must occur in the lot
-- title, lot id, sale id or buyer, ignoring case and accents, found through a trigram index rather
-- than a scan. Both extensions are trusted (PostgreSQL 13+): the database owner may create them.
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "unaccent" WITH SCHEMA "public";--> statement-breakpoint
-- `unaccent(text)` is only STABLE (it looks its dictionary up through search_path), so neither a
-- generated column nor an index may call it. Naming the dictionary makes the result depend on the
-- argument alone: the usual IMMUTABLE wrapper. Rows and searched words go through this one function.
CREATE FUNCTION "search_fold"(text) RETURNS text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN lower(public.unaccent('public.unaccent'::regdictionary, $1));--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold("lot_title" || E'\n' || "lot_id" || E'\n' || "auction_id" || E'\n' || "buyer")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "agreements_status_closed_at_seq_idx" ON "agreements" USING btree ("status","closed_at","seq");--> statement-breakpoint
CREATE INDEX "agreements_status_amount_seq_idx" ON "agreements" USING btree ("status","amount","seq");--> statement-breakpoint
CREATE INDEX "agreements_auction_id_status_idx" ON "agreements" USING btree ("auction_id","status");--> statement-breakpoint
CREATE INDEX "agreements_search_text_idx" ON "agreements" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);
