CREATE TABLE "live_session" (
	"stream" text PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"device_id" integer NOT NULL,
	"device_uuid" text NOT NULL,
	"vehicle_id" integer,
	"license_plate" text,
	"channel" integer NOT NULL,
	"channels" integer NOT NULL,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer,
	"media" text NOT NULL,
	"state" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"playback_start" timestamp with time zone,
	"playback_end" timestamp with time zone,
	"viewers" integer DEFAULT 0 NOT NULL,
	"viewers_changed_at" timestamp with time zone NOT NULL,
	"owner_node" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "live_session_active_idx" ON "live_session" USING btree ("device_id","channel") WHERE "live_session"."ended_at" is null and "live_session"."playback_start" is null;--> statement-breakpoint
CREATE INDEX "live_session_open_idx" ON "live_session" USING btree ("viewers_changed_at") WHERE "live_session"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "live_session_ended_idx" ON "live_session" USING btree ("ended_at");