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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "causes" ADD CONSTRAINT "causes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "causes_slug_unique" ON "causes" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "causes_owner_created_idx" ON "causes" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "causes_published_created_idx" ON "causes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "causes"."published";--> statement-breakpoint
CREATE INDEX "causes_published_name_idx" ON "causes" USING btree (lower("name"),"id") WHERE "causes"."published";--> statement-breakpoint
CREATE INDEX "causes_published_category_created_idx" ON "causes" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "causes"."published";--> statement-breakpoint
CREATE INDEX "causes_published_category_name_idx" ON "causes" USING btree ("category",lower("name"),"id") WHERE "causes"."published";--> statement-breakpoint
CREATE INDEX "causes_search_idx" ON "causes" USING gin (to_tsvector('simple', "name" || ' ' || "story")) WHERE "causes"."published";