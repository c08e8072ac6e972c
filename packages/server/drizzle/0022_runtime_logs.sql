CREATE TABLE "device_runtime_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_runtime_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"device_uuid" text NOT NULL,
	"key" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ordered_by_name" text NOT NULL,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer
);
--> statement-breakpoint
ALTER TABLE "device_runtime_log" ADD CONSTRAINT "device_runtime_log_task_id_device_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."device_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_runtime_log_scope_idx" ON "device_runtime_log" USING btree ("belong_agent_id","belong_company_id","created_at");