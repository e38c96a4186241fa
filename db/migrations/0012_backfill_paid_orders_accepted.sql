-- Custom (hand-written) migration, issue 12: orders paid before fulfilment states existed enter
-- the fulfilment flow as accepted (受付済み), as new payments do; each gets its one timeline row.
UPDATE "orders" SET "fulfilment_status" = 'accepted' WHERE "status" = 'paid' AND "fulfilment_status" IS NULL;
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "kind", "actor_type", "from_status", "to_status", "note", "at")
SELECT "id", 'fulfilment', 'system', NULL, 'accepted', 'issue 12 migration: paid before fulfilment states existed', coalesce("paid_at", "updated_at")
FROM "orders" WHERE "status" = 'paid' AND NOT EXISTS (SELECT 1 FROM "order_events" e WHERE e."order_id" = "orders"."id");
