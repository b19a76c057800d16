CREATE TABLE "event_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"offered_at" timestamp with time zone,
	CONSTRAINT "event_waitlist_booking_email_unique" UNIQUE("booking_id","email")
);
--> statement-breakpoint
CREATE TABLE "ticket_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"attendees" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"ticket_price" integer NOT NULL,
	"donation" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_checkouts_payment_unique" UNIQUE("payment_id"),
	CONSTRAINT "ticket_checkouts_booking_key_unique" UNIQUE("booking_id","idempotency_key"),
	CONSTRAINT "ticket_checkouts_quantity_positive" CHECK ("ticket_checkouts"."quantity" > 0),
	CONSTRAINT "ticket_checkouts_amounts" CHECK ("ticket_checkouts"."donation" >= 0 and "ticket_checkouts"."ticket_price" >= 0 and "ticket_checkouts"."amount" = "ticket_checkouts"."ticket_price" * "ticket_checkouts"."quantity" + "ticket_checkouts"."donation")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"attendee_name" text NOT NULL,
	"code" text NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tickets_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "payer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tickets_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "donations_raised" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_checkouts" ADD CONSTRAINT "ticket_checkouts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_checkouts" ADD CONSTRAINT "ticket_checkouts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_checkout_id_ticket_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."ticket_checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_waitlist_booking_idx" ON "event_waitlist" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_checkouts_booking_status_idx" ON "ticket_checkouts" USING btree ("booking_id","status");--> statement-breakpoint
CREATE INDEX "tickets_booking_idx" ON "tickets" USING btree ("booking_id","position");--> statement-breakpoint
CREATE INDEX "tickets_checkout_idx" ON "tickets" USING btree ("checkout_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tickets_within_guests" CHECK ("bookings"."tickets_held" >= 0 and "bookings"."donations_raised" >= 0 and ("bookings"."tickets_held" = 0 or "bookings"."tickets_sold" + "bookings"."tickets_held" <= "bookings"."guests"));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_guest_only_tickets" CHECK ("payments"."payer_id" is not null or "payments"."type" = 'CREDIT_CARD_TICKETS');