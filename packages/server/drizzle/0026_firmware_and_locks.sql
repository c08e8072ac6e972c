CREATE TABLE "device_lock" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"pin_hash" text,
	"failed_tries" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"reported_locked" boolean,
	"reported_at" timestamp with time zone,
	"changed_by_name" text,
	"changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_tamper" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_tamper_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"action" text NOT NULL,
	"tried_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lock_link" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lock_link_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"device_ids" integer[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"uses_left" integer NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer,
	CONSTRAINT "lock_link_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "device_upgrade_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_upgrade_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"row_id" bigint NOT NULL,
	"device_id" integer NOT NULL,
	"device_uuid" text NOT NULL,
	"package_version" text NOT NULL,
	"from_version" text,
	"to_version" text,
	"result" text NOT NULL,
	"reason" text,
	"started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer
);
--> statement-breakpoint
CREATE TABLE "firmware_package" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "firmware_package_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" text NOT NULL,
	"models" text[] DEFAULT '{}' NOT NULL,
	"notes" text,
	"file_name" text NOT NULL,
	"key" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_by_id" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upgrade_campaign" (
	"task_id" integer PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"control" text DEFAULT 'active' NOT NULL,
	"control_reason" text,
	"stage" integer DEFAULT 1 NOT NULL,
	"first_stage_percent" integer NOT NULL,
	"failure_threshold_percent" integer NOT NULL,
	"first_stage_size" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upgrade_row" (
	"row_id" bigint PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"stage" integer NOT NULL,
	"from_version" text,
	"started_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "device_task_row" ADD COLUMN "phase" text;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "device_lock" ADD CONSTRAINT "device_lock_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tamper" ADD CONSTRAINT "device_tamper_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_campaign" ADD CONSTRAINT "upgrade_campaign_task_id_device_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."device_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_campaign" ADD CONSTRAINT "upgrade_campaign_package_id_firmware_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."firmware_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_row" ADD CONSTRAINT "upgrade_row_row_id_device_task_row_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."device_task_row"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_tamper_device_idx" ON "device_tamper" USING btree ("device_id","tried_at");--> statement-breakpoint
CREATE INDEX "lock_link_expires_idx" ON "lock_link" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "device_upgrade_log_scope_idx" ON "device_upgrade_log" USING btree ("belong_agent_id","belong_company_id","created_at");--> statement-breakpoint
CREATE INDEX "device_upgrade_log_ended_idx" ON "device_upgrade_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "firmware_package_created_idx" ON "firmware_package" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "upgrade_row_stage_idx" ON "upgrade_row" USING btree ("task_id","stage");