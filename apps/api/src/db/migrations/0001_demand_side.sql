CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"restaurant_id" uuid,
	"menu_id" uuid,
	"cause_id" uuid,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"date" timestamp with time zone,
	"suggestion_date" timestamp with time zone,
	"guests" integer,
	"title" text,
	"story" text,
	"ticket_price" integer,
	"goal" integer,
	"currency" text,
	"tickets_sold" integer DEFAULT 0 NOT NULL,
	"decline_reason" text,
	"cancel_reason" text,
	"completion_marked_at" timestamp with time zone,
	"completion_outcome" text,
	"completion_resolved_at" timestamp with time zone,
	"response_due_at" timestamp with time zone,
	"deposit_due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_guests_positive" CHECK ("bookings"."guests" is null or "bookings"."guests" > 0),
	CONSTRAINT "bookings_amounts_not_negative" CHECK (coalesce("bookings"."ticket_price", 0) >= 0 and coalesce("bookings"."goal", 0) >= 0 and "bookings"."tickets_sold" >= 0),
	CONSTRAINT "bookings_suggestion_only_when_canceled" CHECK ("bookings"."suggestion_date" is null or "bookings"."status" = 'CANCELED'),
	CONSTRAINT "bookings_submitted_complete" CHECK ("bookings"."status" = 'DRAFT' or ("bookings"."restaurant_id" is not null and "bookings"."menu_id" is not null and "bookings"."date" is not null and "bookings"."guests" is not null and "bookings"."title" is not null and "bookings"."ticket_price" is not null and "bookings"."currency" is not null)),
	CONSTRAINT "bookings_completion_marked" CHECK ("bookings"."completion_outcome" is null or "bookings"."completion_marked_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "business_clock" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_clock_single_row" CHECK ("business_clock"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_tickets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
DROP TABLE "email_outbox" CASCADE;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_restaurant_id_users_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cause_id_causes_id_fk" FOREIGN KEY ("cause_id") REFERENCES "public"."causes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_tickets" ADD CONSTRAINT "live_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_tickets" ADD CONSTRAINT "live_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_client_updated_idx" ON "bookings" USING btree ("client_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_client_date_idx" ON "bookings" USING btree ("client_id","date","id");--> statement-breakpoint
CREATE INDEX "bookings_client_status_updated_idx" ON "bookings" USING btree ("client_id","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_restaurant_updated_idx" ON "bookings" USING btree ("restaurant_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_restaurant_date_idx" ON "bookings" USING btree ("restaurant_id","date","id");--> statement-breakpoint
CREATE INDEX "bookings_restaurant_status_updated_idx" ON "bookings" USING btree ("restaurant_id","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_cause_updated_idx" ON "bookings" USING btree ("cause_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_response_due_idx" ON "bookings" USING btree ("response_due_at") WHERE "bookings"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "bookings_deposit_due_idx" ON "bookings" USING btree ("deposit_due_at") WHERE "bookings"."status" = 'ACCEPTED';--> statement-breakpoint
CREATE INDEX "bookings_confirmed_date_idx" ON "bookings" USING btree ("date") WHERE "bookings"."status" = 'CONFIRMED';--> statement-breakpoint
CREATE INDEX "booking_events_booking_created_idx" ON "booking_events" USING btree ("booking_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rate_limits_expires_at_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("locked_until") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "live_events_topic_id_idx" ON "live_events" USING btree ("topic","id");--> statement-breakpoint
CREATE INDEX "live_events_created_at_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "live_tickets_expires_at_idx" ON "live_tickets" USING btree ("expires_at");