CREATE TABLE "api_subscription_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"payjp_subscription_id" text NOT NULL,
	"payjp_charge_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"plan_name" text NOT NULL,
	"amount_yen" integer NOT NULL,
	"tax_yen" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"charged_at" timestamp with time zone NOT NULL,
	"refunded_yen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_subscription_periods_payjp_charge_id_unique" UNIQUE("payjp_charge_id")
);
--> statement-breakpoint
CREATE TABLE "api_subscriptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"payjp_subscription_id" text,
	"payjp_customer_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"next_plan_id" text,
	"status" text NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"grace_until" timestamp with time zone,
	"pending_tds_request_id" text,
	"pending_card_id" text,
	"pending_plan_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_subscriptions_payjp_subscription_id_unique" UNIQUE("payjp_subscription_id")
);
--> statement-breakpoint
ALTER TABLE "api_subscription_periods" ADD CONSTRAINT "api_subscription_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_subscriptions" ADD CONSTRAINT "api_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_subscription_periods_user_idx" ON "api_subscription_periods" USING btree ("user_id","charged_at");