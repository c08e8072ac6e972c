CREATE TABLE "device_task" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_task_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"settings" jsonb,
	"expires_at" timestamp with time zone,
	"created_by_id" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer
);
--> statement-breakpoint
CREATE TABLE "device_task_row" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_task_row_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"device_uuid" text NOT NULL,
	"state" text NOT NULL,
	"progress" integer,
	"reason" text,
	"config_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_task_row" ADD CONSTRAINT "device_task_row_task_id_device_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."device_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_task_row" ADD CONSTRAINT "device_task_row_config_id_device_config_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."device_config"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_task_scope_idx" ON "device_task" USING btree ("belong_agent_id","belong_company_id","created_at");--> statement-breakpoint
CREATE INDEX "device_task_row_task_idx" ON "device_task_row" USING btree ("task_id","id");--> statement-breakpoint
CREATE INDEX "device_task_row_state_idx" ON "device_task_row" USING btree ("task_id","state");--> statement-breakpoint
CREATE INDEX "device_task_row_config_idx" ON "device_task_row" USING btree ("config_id");