ALTER TABLE "refunds" ALTER COLUMN "requested_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "origin" text DEFAULT 'backoffice' NOT NULL;