CREATE TABLE "clause" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clause_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"origin_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"place_type" text NOT NULL,
	"must_check" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"author_role" text NOT NULL,
	"created_by" integer,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clause_consent" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clause_consent_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"clause_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"username" text NOT NULL,
	"company_id" integer,
	"state" text NOT NULL,
	"local_time" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer
);
--> statement-breakpoint
ALTER TABLE "clause_consent" ADD CONSTRAINT "clause_consent_clause_id_clause_id_fk" FOREIGN KEY ("clause_id") REFERENCES "public"."clause"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clause_origin_idx" ON "clause" USING btree ("origin_id");--> statement-breakpoint
CREATE INDEX "clause_scope_idx" ON "clause" USING btree ("belong_agent_id","active");--> statement-breakpoint
CREATE INDEX "clause_consent_account_idx" ON "clause_consent" USING btree ("account_id","clause_id","at");--> statement-breakpoint
CREATE INDEX "clause_consent_company_idx" ON "clause_consent" USING btree ("company_id","clause_id","at");--> statement-breakpoint
CREATE INDEX "clause_consent_scope_idx" ON "clause_consent" USING btree ("belong_agent_id","belong_company_id","belong_fleet_id","at");