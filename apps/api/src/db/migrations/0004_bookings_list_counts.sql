-- Custom SQL migration file, put your code below! --
-- booking_list_counts (see its schema file): each party's list size per status and suggestion presence, kept by
-- triggers on bookings with the lists' visibility rules (bookings.repository.ts scopeCondition): the client sees every
-- booking it organises; the restaurant side submitted ones and host events' drafts; the cause submitted ones.
CREATE TABLE "booking_list_counts" (
	"client_id" uuid,
	"restaurant_id" uuid,
	"cause_id" uuid,
	"status" text NOT NULL,
	"has_suggestion" boolean NOT NULL,
	"bookings" integer NOT NULL,
	CONSTRAINT "booking_list_counts_list_key" UNIQUE NULLS NOT DISTINCT("client_id","restaurant_id","cause_id","status","has_suggestion")
);
--> statement-breakpoint
-- Adds `delta` to every list `b` appears in: the client's; the restaurant's and the client-and-restaurant overlap when
-- the restaurant side sees it; the cause's when the cause sees it. The four keys differ, so one INSERT may upsert all.
CREATE FUNCTION "booking_list_counts_add"(b "bookings", delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	restaurant_sees boolean := b.restaurant_id IS NOT NULL AND (b.status <> 'DRAFT' OR b.host_event);
	cause_sees boolean := b.cause_id IS NOT NULL AND b.status <> 'DRAFT';
BEGIN
	INSERT INTO "booking_list_counts" AS counts ("client_id", "restaurant_id", "cause_id", "status", "has_suggestion", "bookings")
	SELECT list.client_id, list.restaurant_id, list.cause_id, b.status, b.suggestion_date IS NOT NULL, delta
	FROM (VALUES
		(b.client_id, NULL::uuid, NULL::uuid, true),
		(NULL::uuid, b.restaurant_id, NULL::uuid, restaurant_sees),
		(b.client_id, b.restaurant_id, NULL::uuid, restaurant_sees),
		(NULL::uuid, NULL::uuid, b.cause_id, cause_sees)
	) AS list (client_id, restaurant_id, cause_id, shown)
	WHERE list.shown
	ON CONFLICT ("client_id", "restaurant_id", "cause_id", "status", "has_suggestion")
	DO UPDATE SET "bookings" = counts."bookings" + excluded."bookings";
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "bookings_list_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM "booking_list_counts_add"(OLD, -1);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM "booking_list_counts_add"(NEW, 1);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_list_counts_insert_delete" AFTER INSERT OR DELETE ON "bookings"
	FOR EACH ROW EXECUTE FUNCTION "bookings_list_counts_change"();
--> statement-breakpoint
-- Most writes (drafts saved, guest preferences, ticket sales, deadlines moved) change none of what the lists depend on.
CREATE TRIGGER "bookings_list_counts_update" AFTER UPDATE ON "bookings"
	FOR EACH ROW
	WHEN (
		OLD.status IS DISTINCT FROM NEW.status
		OR (OLD.suggestion_date IS NULL) <> (NEW.suggestion_date IS NULL)
		OR OLD.client_id IS DISTINCT FROM NEW.client_id
		OR OLD.restaurant_id IS DISTINCT FROM NEW.restaurant_id
		OR OLD.cause_id IS DISTINCT FROM NEW.cause_id
		OR OLD.host_event IS DISTINCT FROM NEW.host_event
	)
	EXECUTE FUNCTION "bookings_list_counts_change"();
--> statement-breakpoint
-- The bookings written before this migration, through the same function (the trigger above already counts any
-- written from now on: creating it locked bookings against writes until this migration commits).
SELECT "booking_list_counts_add"(b, 1) FROM "bookings" b;
