CREATE TABLE "watch_cursors" (
	"source" text PRIMARY KEY NOT NULL,
	"epoch" text NOT NULL,
	"last_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_digests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"digest_date" text NOT NULL,
	"from_event_id" bigint NOT NULL,
	"through_event_id" bigint NOT NULL,
	"event_count" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "watch_digests_status" CHECK ("watch_digests"."status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "watch_entries" (
	"user_id" uuid NOT NULL,
	"corporate_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_entries_user_id_corporate_number_pk" PRIMARY KEY("user_id","corporate_number")
);
--> statement-breakpoint
CREATE TABLE "watch_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"corporate_number" text NOT NULL,
	"kind" text NOT NULL,
	"data_date" text NOT NULL,
	"name" text NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_events_kind" CHECK ("watch_events"."kind" IN ('name', 'address', 'closed', 'merged', 'revived', 'invoice_registered', 'invoice_revoked', 'invoice_expired'))
);
--> statement-breakpoint
CREATE TABLE "watch_mail_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch_digests" ADD CONSTRAINT "watch_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_entries" ADD CONSTRAINT "watch_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_mail_settings" ADD CONSTRAINT "watch_mail_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watch_digests_one_a_day" ON "watch_digests" USING btree ("user_id","digest_date");--> statement-breakpoint
CREATE INDEX "watch_entries_by_company" ON "watch_entries" USING btree ("corporate_number");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_events_once" ON "watch_events" USING btree ("corporate_number","kind","data_date");--> statement-breakpoint
CREATE INDEX "watch_events_by_company" ON "watch_events" USING btree ("corporate_number","created_at");