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
ALTER TABLE "restaurant_profiles" ADD CONSTRAINT "restaurant_profiles_restaurant_id_users_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_restaurant_id_users_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_photos" ADD CONSTRAINT "restaurant_photos_restaurant_id_users_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_preferences" ADD CONSTRAINT "hosting_preferences_restaurant_id_users_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_preferences" ADD CONSTRAINT "client_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restaurant_profiles_slug_unique" ON "restaurant_profiles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "restaurant_profiles_published_created_idx" ON "restaurant_profiles" USING btree ("created_at" DESC NULLS LAST,"restaurant_id" DESC NULLS LAST) WHERE "restaurant_profiles"."published";--> statement-breakpoint
CREATE INDEX "restaurant_profiles_published_name_idx" ON "restaurant_profiles" USING btree (lower("name"),"restaurant_id") WHERE "restaurant_profiles"."published";--> statement-breakpoint
CREATE INDEX "restaurant_profiles_published_region_created_idx" ON "restaurant_profiles" USING btree ("region","created_at" DESC NULLS LAST,"restaurant_id" DESC NULLS LAST) WHERE "restaurant_profiles"."published";--> statement-breakpoint
CREATE INDEX "restaurant_profiles_published_cuisine_created_idx" ON "restaurant_profiles" USING btree ("cuisine","created_at" DESC NULLS LAST,"restaurant_id" DESC NULLS LAST) WHERE "restaurant_profiles"."published";--> statement-breakpoint
CREATE INDEX "restaurant_profiles_search_idx" ON "restaurant_profiles" USING gin (to_tsvector('simple', "search_text")) WHERE "restaurant_profiles"."published";--> statement-breakpoint
CREATE INDEX "menus_restaurant_position_idx" ON "menus" USING btree ("restaurant_id","position");--> statement-breakpoint
CREATE INDEX "menus_active_restaurant_guests_idx" ON "menus" USING btree ("restaurant_id","min_guests","max_guests") WHERE "menus"."active";--> statement-breakpoint
CREATE INDEX "restaurant_photos_restaurant_position_idx" ON "restaurant_photos" USING btree ("restaurant_id","position");