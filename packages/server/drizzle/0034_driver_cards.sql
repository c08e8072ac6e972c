CREATE TABLE "driver_shift" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "driver_shift_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"device_uuid" text NOT NULL,
	"vehicle_id" integer,
	"license_plate" text,
	"in_message_id" text NOT NULL,
	"driver_name" text,
	"licence" text,
	"authority" text,
	"valid_until" text,
	"id_number" text,
	"card_in_at" timestamp with time zone NOT NULL,
	"card_out_at" timestamp with time zone,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "driver_name" text;--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "driver_licence" text;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_shift_message_idx" ON "driver_shift" USING btree ("device_id","in_message_id");--> statement-breakpoint
CREATE INDEX "driver_shift_device_time_idx" ON "driver_shift" USING btree ("device_id","card_in_at");--> statement-breakpoint
CREATE INDEX "driver_shift_vehicle_time_idx" ON "driver_shift" USING btree ("vehicle_id","card_in_at");