CREATE TABLE "receipt_reissues" (
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"reason" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_reissues_order_id_number_pk" PRIMARY KEY("order_id","number"),
	CONSTRAINT "receipt_reissues_reason_check" CHECK ("receipt_reissues"."reason" in ('requested', 'addressee_corrected')),
	CONSTRAINT "receipt_reissues_number_check" CHECK ("receipt_reissues"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "receipt_reissues" ADD CONSTRAINT "receipt_reissues_order_id_receipts_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."receipts"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Hand-written addition to the generated migration: a re-issue's printed data never changes, like
-- the original's (receipts_immutable, 0003; docs/decisions/0024). Rows are only inserted; DELETE
-- stays possible for the operator's purge after the 7-year retention, as for receipts.
CREATE FUNCTION "receipt_reissues_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 're-issue % of receipt of order % is immutable', OLD.number, OLD.order_id USING ERRCODE = 'integrity_constraint_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "receipt_reissues_immutable" BEFORE UPDATE ON "receipt_reissues" FOR EACH ROW EXECUTE FUNCTION "receipt_reissues_immutable"();
