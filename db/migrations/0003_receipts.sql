CREATE SEQUENCE "public"."receipt_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "receipts" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"serial_number" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"first_issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reissue_count" integer DEFAULT 0 NOT NULL,
	"last_issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipts_user_idx" ON "receipts" USING btree ("user_id");--> statement-breakpoint
-- Issued receipt data never changes (domain.md §5, docs/decisions/0008-receipts.md): only the
-- re-issue counters may be updated. Hand-written addition to the generated migration.
CREATE FUNCTION "receipts_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.snapshot IS DISTINCT FROM OLD.snapshot
		OR NEW.serial_number IS DISTINCT FROM OLD.serial_number
		OR NEW.order_id IS DISTINCT FROM OLD.order_id
		OR NEW.user_id IS DISTINCT FROM OLD.user_id
		OR NEW.first_issued_at IS DISTINCT FROM OLD.first_issued_at THEN
		RAISE EXCEPTION 'issued receipt % is immutable', OLD.serial_number USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "receipts_immutable" BEFORE UPDATE ON "receipts" FOR EACH ROW EXECUTE FUNCTION "receipts_immutable"();
