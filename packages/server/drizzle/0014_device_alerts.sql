CREATE TABLE "device_alert" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_alert_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"code" text NOT NULL,
	"channel" integer DEFAULT 0 NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"handled_by_id" integer,
	"handled_by_name" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "health_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "device_alert_open_idx" ON "device_alert" USING btree ("device_id","code","channel") WHERE "device_alert"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "device_alert_pending_idx" ON "device_alert" USING btree ("device_id") WHERE "device_alert"."cleared_at" is null and "device_alert"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "device_alert_device_time_idx" ON "device_alert" USING btree ("device_id","raised_at");--> statement-breakpoint
CREATE INDEX "device_alert_time_idx" ON "device_alert" USING btree ("raised_at","id");