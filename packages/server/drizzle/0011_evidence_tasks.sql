CREATE TABLE "evidence_task" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evidence_task_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"incident_id" bigint NOT NULL,
	"device_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"resource_ids" bigint[] NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"reason" text,
	"created_by_id" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evidence_task" ADD CONSTRAINT "evidence_task_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_task_incident_idx" ON "evidence_task" USING btree ("incident_id");--> statement-breakpoint
CREATE INDEX "evidence_task_device_state_idx" ON "evidence_task" USING btree ("device_uuid","state");