CREATE TABLE "saved_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"zip_code" text NOT NULL,
	"prefecture" text NOT NULL,
	"city" text NOT NULL,
	"street" text NOT NULL,
	"apartment_etc" text DEFAULT '' NOT NULL,
	"receipt_recipient" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_addresses_zip_ck" CHECK ("saved_addresses"."zip_code" ~ '^[0-9]{7}$')
);
--> statement-breakpoint
ALTER TABLE "saved_addresses" ADD CONSTRAINT "saved_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_addresses_same_uq" ON "saved_addresses" USING btree ("user_id","recipient","zip_code","prefecture","city","street","apartment_etc","receipt_recipient");--> statement-breakpoint
CREATE INDEX "saved_addresses_user_used_idx" ON "saved_addresses" USING btree ("user_id","last_used_at");