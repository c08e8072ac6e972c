CREATE TABLE "incident_coaching" (
	"incident_id" bigint PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"marked_by_id" integer,
	"marked_by_name" text NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"mark_note" text,
	"closed_by_id" integer,
	"closed_by_name" text,
	"closed_at" timestamp with time zone,
	"closing_note" text,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer
);
--> statement-breakpoint
ALTER TABLE "incident_coaching" ADD CONSTRAINT "incident_coaching_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_coaching_company_idx" ON "incident_coaching" USING btree ("belong_company_id","state","marked_at");--> statement-breakpoint
CREATE INDEX "incident_coaching_fleet_idx" ON "incident_coaching" USING btree ("belong_fleet_id","state","marked_at");