CREATE TABLE "notification_email_settings" (
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"email" boolean NOT NULL,
	CONSTRAINT "notification_email_settings_user_id_category_pk" PRIMARY KEY("user_id","category")
);
--> statement-breakpoint
ALTER TABLE "notification_email_settings" ADD CONSTRAINT "notification_email_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;