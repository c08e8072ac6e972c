CREATE TABLE "event_tag" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_tag_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"default_kind" text,
	"receive_incident" boolean DEFAULT true NOT NULL,
	"receive_video" boolean DEFAULT true NOT NULL,
	"hold_days" integer DEFAULT 90 NOT NULL,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incident_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"device_uuid" text NOT NULL,
	"vehicle_id" integer,
	"license_plate" text,
	"type" text NOT NULL,
	"description" text,
	"tag_id" integer,
	"speed" real,
	"trigger_at" timestamp with time zone NOT NULL,
	"device_at" timestamp with time zone,
	"local_time" text,
	"lat" double precision,
	"lng" double precision,
	"channel" integer,
	"review_state" text DEFAULT 'unread' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewer_id" integer,
	"reviewer_name" text,
	"deleted_at" timestamp with time zone,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_comment" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incident_comment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"incident_id" bigint NOT NULL,
	"account_id" integer,
	"username" text NOT NULL,
	"body" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incident_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"incident_id" bigint NOT NULL,
	"action" text NOT NULL,
	"username" text,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_resource" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incident_resource_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"incident_id" bigint NOT NULL,
	"device_resource_id" text NOT NULL,
	"kind" text NOT NULL,
	"channel" integer DEFAULT 1 NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"state" integer DEFAULT 0 NOT NULL,
	"fail_reason" text,
	"size_bytes" bigint,
	"sha256" text,
	"content_type" text,
	"object_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incident_comment" ADD CONSTRAINT "incident_comment_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_history" ADD CONSTRAINT "incident_history_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_resource" ADD CONSTRAINT "incident_resource_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_tag_name_idx" ON "event_tag" USING btree ("belong_company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "event_tag_default_idx" ON "event_tag" USING btree ("belong_company_id","default_kind");--> statement-breakpoint
CREATE UNIQUE INDEX "incident_message_idx" ON "incident" USING btree ("device_id","message_id");--> statement-breakpoint
CREATE INDEX "incident_company_time_idx" ON "incident" USING btree ("belong_company_id","trigger_at","id");--> statement-breakpoint
CREATE INDEX "incident_fleet_time_idx" ON "incident" USING btree ("belong_fleet_id","trigger_at");--> statement-breakpoint
CREATE INDEX "incident_vehicle_time_idx" ON "incident" USING btree ("vehicle_id","trigger_at");--> statement-breakpoint
CREATE INDEX "incident_time_idx" ON "incident" USING btree ("trigger_at");--> statement-breakpoint
CREATE INDEX "incident_comment_idx" ON "incident_comment" USING btree ("incident_id","at");--> statement-breakpoint
CREATE INDEX "incident_history_idx" ON "incident_history" USING btree ("incident_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "incident_resource_device_idx" ON "incident_resource" USING btree ("incident_id","device_resource_id");