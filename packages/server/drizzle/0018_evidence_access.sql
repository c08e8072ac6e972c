CREATE TABLE "evidence_access" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evidence_access_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_id" integer,
	"username" text,
	"role" text,
	"share_link_id" text,
	"incident_id" bigint NOT NULL,
	"resource_id" bigint,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"ip" text,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer
);
--> statement-breakpoint
CREATE INDEX "evidence_access_incident_idx" ON "evidence_access" USING btree ("incident_id","at");--> statement-breakpoint
CREATE INDEX "evidence_access_at_idx" ON "evidence_access" USING btree ("at");--> statement-breakpoint
CREATE INDEX "evidence_access_account_idx" ON "evidence_access" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "evidence_access_scope_idx" ON "evidence_access" USING btree ("belong_agent_id","belong_company_id","belong_fleet_id","at");