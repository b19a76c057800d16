ALTER TABLE "payments" ADD COLUMN "processing_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_state" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_account" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_reference" text;--> statement-breakpoint
CREATE INDEX "payments_processing_idx" ON "payments" USING btree ("processing_until") WHERE "payments"."status" = 'processing';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bank_reference_unique" UNIQUE("bank_reference");