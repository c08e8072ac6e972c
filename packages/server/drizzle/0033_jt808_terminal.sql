CREATE TABLE "jt808_terminal" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"terminal_no" text NOT NULL,
	"code_hash" text,
	"edition" integer DEFAULT 2013 NOT NULL,
	"maker" text,
	"model" text,
	"terminal_id" text,
	"plate" text,
	"plate_colour" integer,
	"time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"address" text,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "protocol" text DEFAULT 'mqtt' NOT NULL;--> statement-breakpoint
ALTER TABLE "jt808_terminal" ADD CONSTRAINT "jt808_terminal_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jt808_terminal_no_idx" ON "jt808_terminal" USING btree ("terminal_no");