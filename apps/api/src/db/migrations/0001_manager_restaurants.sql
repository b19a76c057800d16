CREATE TABLE "manager_restaurants" (
	"manager_id" uuid NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manager_restaurants_manager_id_restaurant_id_pk" PRIMARY KEY("manager_id","restaurant_id")
);
--> statement-breakpoint
ALTER TABLE "manager_restaurants" ADD CONSTRAINT "manager_restaurants_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_restaurants" ADD CONSTRAINT "manager_restaurants_restaurant_id_users_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manager_restaurants_restaurant_idx" ON "manager_restaurants" USING btree ("restaurant_id");