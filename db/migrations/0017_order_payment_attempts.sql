DROP INDEX "orders_unsettled_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_unsettled_idx" ON "orders" USING btree ("status","charging_started_at") WHERE status in ('charging', 'awaiting_3ds', 'unknown', 'failed');