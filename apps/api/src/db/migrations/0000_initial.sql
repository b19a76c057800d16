CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"name" text,
	"location" text,
	"timezone" text DEFAULT 'Australia/Sydney' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"avatar" text,
	"biography" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_hidden_email_verified" boolean DEFAULT false NOT NULL,
	"is_hidden_payment_verified" boolean DEFAULT false NOT NULL,
	"connected_account_id" text,
	"bank" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"country_not_listed" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"parent_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "manager_restaurants" (
	"manager_id" uuid NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manager_restaurants_manager_id_restaurant_id_pk" PRIMARY KEY("manager_id","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "causes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"category" text NOT NULL,
	"story" text DEFAULT '' NOT NULL,
	"logo_key" text,
	"website" text,
	"charity_registration_number" text,
	"country_code" text,
	"published" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "dev_mailbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connected_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"capabilities" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connected_accounts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "restaurant_profiles" (
	"restaurant_id" uuid PRIMARY KEY NOT NULL,
	"name" text,
	"slug" text,
	"description" text,
	"cuisine" text,
	"address" text,
	"city" text,
	"region" text,
	"country" text,
	"currency" text,
	"timezone" text,
	"published" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_per_head" integer NOT NULL,
	"currency" text NOT NULL,
	"min_guests" integer NOT NULL,
	"max_guests" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restaurant_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosting_preferences" (
	"restaurant_id" uuid PRIMARY KEY NOT NULL,
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"service_start" text NOT NULL,
	"service_end" text NOT NULL,
	"min_guests" integer NOT NULL,
	"max_guests" integer NOT NULL,
	"notice_days" integer NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cause_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"region" text,
	"party_size" integer,
	"dietary_needs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dietary_notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_restaurants" ADD CONSTRAINT "manager_restaurants_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_restaurants" ADD CONSTRAINT "manager_restaurants_restaurant_id_users_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "causes" ADD CONSTRAINT "causes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connected_accounts" ADD CONSTRAINT "connected_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_profiles" ADD CONSTRAINT "restaurant_profiles_restaurant_id_users_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_restaurant_id_users_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_photos" ADD CONSTRAINT "restaurant_photos_restaurant_id_users_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_preferences" ADD CONSTRAINT "hosting_preferences_restaurant_id_users_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_preferences" ADD CONSTRAINT "client_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_parent_user_id_idx" ON "users" USING btree ("parent_user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "manager_restaurants_restaurant_idx" ON "manager_restaurants" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "causes_slug_unique" ON "causes" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "causes_owner_created_idx" ON "causes" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "causes_published_created_idx" ON "causes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "causes"."published";--> statement-breakpoint
CREATE INDEX "causes_published_name_idx" ON "causes" USING btree (lower("name"),"id") WHERE "causes"."published";--> statement-breakpoint
CREATE INDEX "causes_published_category_created_idx" ON "causes" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "causes"."published";--> statement-breakpoint
CREATE INDEX "causes_published_category_name_idx" ON "causes" USING btree ("category",lower("name"),"id") WHERE "causes"."published";--> statement-breakpoint
CREATE INDEX "causes_search_vector_idx" ON "causes" USING gin ("search_vector") WHERE "causes"."published";--> statement-breakpoint
CREATE INDEX "email_tokens_user_purpose_idx" ON "email_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "dev_mailbox_created_at_idx" ON "dev_mailbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_provider_subject_unique" ON "user_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "user_identities_user_id_idx" ON "user_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "restaurant_profiles_slug_unique" ON "restaurant_profiles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "restaurant_profiles_published_created_idx" ON "restaurant_profiles" USING btree ("created_at" DESC NULLS LAST,"restaurant_id" DESC NULLS LAST) WHERE "restaurant_profiles"."published";--> statement-breakpoint
CREATE INDEX "restaurant_profiles_published_name_idx" ON "restaurant_profiles" USING btree (lower("name"),"restaurant_id") WHERE "restaurant_profiles"."published";--> statement-breakpoint
CREATE INDEX "restaurant_profiles_published_region_created_idx" ON "restaurant_profiles" USING btree ("region","created_at" DESC NULLS LAST,"restaurant_id" DESC NULLS LAST) WHERE "restaurant_profiles"."published";--> statement-breakpoint
CREATE INDEX "restaurant_profiles_published_cuisine_created_idx" ON "restaurant_profiles" USING btree ("cuisine","created_at" DESC NULLS LAST,"restaurant_id" DESC NULLS LAST) WHERE "restaurant_profiles"."published";--> statement-breakpoint
CREATE INDEX "restaurant_profiles_search_idx" ON "restaurant_profiles" USING gin (to_tsvector('simple', "search_text")) WHERE "restaurant_profiles"."published";--> statement-breakpoint
CREATE INDEX "menus_restaurant_position_idx" ON "menus" USING btree ("restaurant_id","position");--> statement-breakpoint
CREATE INDEX "menus_active_restaurant_guests_idx" ON "menus" USING btree ("restaurant_id","min_guests","max_guests") WHERE "menus"."active";--> statement-breakpoint
CREATE INDEX "restaurant_photos_restaurant_position_idx" ON "restaurant_photos" USING btree ("restaurant_id","position");--> statement-breakpoint
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox" USING btree ("status","next_attempt_at");