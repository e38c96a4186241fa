CREATE TABLE "catalogue_items" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ministry_fee_yen" integer NOT NULL,
	"service_fee_yen" integer NOT NULL,
	"first_purchase_service_fee_yen" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"corporate_number" text NOT NULL,
	"company_name" text NOT NULL,
	"company_kind" text NOT NULL,
	"delivery_speed" text NOT NULL,
	"scheduled_start_date" text NOT NULL,
	"scheduled_end_date" text NOT NULL,
	"items" jsonb NOT NULL,
	"price" jsonb NOT NULL,
	"amount_yen" integer NOT NULL,
	"tax_yen" integer NOT NULL,
	"non_taxable_yen" integer NOT NULL,
	"is_first_purchase" boolean NOT NULL,
	"recipient" text NOT NULL,
	"destination_zip_code" text NOT NULL,
	"destination_prefecture" text NOT NULL,
	"destination_city" text NOT NULL,
	"destination_street" text NOT NULL,
	"destination_apartment_etc" text DEFAULT '' NOT NULL,
	"receipt_recipient" text NOT NULL,
	"payment_method" text,
	"payjp_charge_id" text,
	"card_brand" text,
	"card_last4" text,
	"failure_code" text,
	"charging_started_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"mail_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_payjp_charge_id_unique" UNIQUE("payjp_charge_id")
);
--> statement-breakpoint
CREATE TABLE "payjp_customers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payjp_customers_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
CREATE TABLE "payjp_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"resource_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payjp_customers" ADD CONSTRAINT "payjp_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_idx" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_unsettled_idx" ON "orders" USING btree ("status","charging_started_at") WHERE status in ('charging', 'awaiting_3ds', 'unknown');--> statement-breakpoint
-- Seed: the four certificates sold (issue 7 §1) at the FEE_* defaults of src/config/env.ts
-- (法務局手数料 500円 非課税, 当社手数料 1,100円 税込, 初回 550円 税込). Operator data from here on.
INSERT INTO "catalogue_items" ("id", "name", "ministry_fee_yen", "service_fee_yen", "first_purchase_service_fee_yen", "sort_order") VALUES
	('history-full', '履歴事項全部証明書', 500, 1100, 550, 1),
	('current-full', '現在事項全部証明書', 500, 1100, 550, 2),
	('closed-full', '閉鎖事項全部証明書', 500, 1100, 550, 3),
	('representative', '代表者事項証明書', 500, 1100, 550, 4)
ON CONFLICT ("id") DO NOTHING;
