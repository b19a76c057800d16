CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cause_id" uuid NOT NULL,
	"booking_id" uuid,
	"payment_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"message" text,
	"anonymous" boolean DEFAULT false NOT NULL,
	"language" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "donations_payment_unique" UNIQUE("payment_id"),
	CONSTRAINT "donations_cause_key_unique" UNIQUE("cause_id","idempotency_key"),
	CONSTRAINT "donations_amount_positive" CHECK ("donations"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_guest_only_tickets";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_cause_id_causes_id_fk" FOREIGN KEY ("cause_id") REFERENCES "public"."causes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_cause_status_idx" ON "donations" USING btree ("cause_id","status");--> statement-breakpoint
CREATE INDEX "donations_booking_status_idx" ON "donations" USING btree ("booking_id","status");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_guest_only_tickets_or_donations" CHECK ("payments"."payer_id" is not null or "payments"."type" in ('CREDIT_CARD_TICKETS', 'CREDIT_CARD_DONATION'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_unless_donation" CHECK ("payments"."booking_id" is not null or "payments"."type" = 'CREDIT_CARD_DONATION');