CREATE TABLE "sos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"device_uuid" text NOT NULL,
	"start_message_id" text NOT NULL,
	"vehicle_id" integer,
	"license_plate" text,
	"incident_id" bigint,
	"start_local_time" text,
	"start_at" timestamp with time zone NOT NULL,
	"stop_local_time" text,
	"stop_at" timestamp with time zone,
	"lat" double precision,
	"lng" double precision,
	"state" text DEFAULT 'active' NOT NULL,
	"closed_by_id" integer,
	"closed_by_name" text,
	"closed_at" timestamp with time zone,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sos_message_idx" ON "sos" USING btree ("device_id","start_message_id");--> statement-breakpoint
CREATE INDEX "sos_open_idx" ON "sos" USING btree ("belong_company_id","start_at") WHERE "sos"."state" <> 'closed';--> statement-breakpoint
CREATE INDEX "sos_company_time_idx" ON "sos" USING btree ("belong_company_id","start_at","id");--> statement-breakpoint
CREATE INDEX "sos_device_idx" ON "sos" USING btree ("device_id","state");