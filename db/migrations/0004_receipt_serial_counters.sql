CREATE TABLE "receipt_serial_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_value" bigint NOT NULL
);
--> statement-breakpoint
DROP SEQUENCE "public"."receipt_serial_seq";