ALTER TABLE "refunds" ALTER COLUMN "provider_ref" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_pending" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';