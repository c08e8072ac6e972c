CREATE TABLE "safety_score_weights" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"weights" jsonb NOT NULL,
	"updated_by_id" integer,
	"updated_by_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "safety_score_weights" ADD CONSTRAINT "safety_score_weights_company_id_org_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."org"("id") ON DELETE cascade ON UPDATE no action;