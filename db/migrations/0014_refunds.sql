CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"charge_id" text NOT NULL,
	"amount_yen" integer NOT NULL,
	"taxable_yen" integer NOT NULL,
	"tax_yen" integer NOT NULL,
	"non_taxable_yen" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"failure_code" text,
	"payjp_amount_refunded" integer,
	"statement" jsonb NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"reconcile_lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_yen" > 0),
	CONSTRAINT "refunds_amount_split" CHECK ("refunds"."amount_yen" = "refunds"."taxable_yen" + "refunds"."non_taxable_yen"),
	CONSTRAINT "refunds_parts_not_negative" CHECK ("refunds"."taxable_yen" >= 0 and "refunds"."tax_yen" >= 0 and "refunds"."non_taxable_yen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_staff_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_in_flight_idx" ON "refunds" USING btree ("order_id") WHERE status in ('requested', 'unknown');--> statement-breakpoint
CREATE INDEX "refunds_unsettled_idx" ON "refunds" USING btree ("requested_at") WHERE status in ('requested', 'unknown');