DROP INDEX "causes_search_idx";--> statement-breakpoint
ALTER TABLE "causes" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "causes" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED;--> statement-breakpoint
CREATE INDEX "causes_search_vector_idx" ON "causes" USING gin ("search_vector") WHERE "causes"."published";