ALTER TABLE "account" DROP COLUMN "finish_clause";--> statement-breakpoint
ALTER TABLE "org" DROP COLUMN "finish_clause";