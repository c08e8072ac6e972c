CREATE TABLE "device" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_uuid" text NOT NULL,
	"name" text,
	"channels" integer DEFAULT 1 NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"first_online_at" timestamp with time zone,
	"last_online_at" timestamp with time zone,
	"last_offline_at" timestamp with time zone,
	"connected_seconds" bigint DEFAULT 0 NOT NULL,
	"iccid" text,
	"version" text,
	"secret_hash" text,
	"vehicle_id" integer,
	"bound_at" timestamp with time zone,
	"lat" double precision,
	"lng" double precision,
	"speed" real,
	"heading" real,
	"dbm" integer,
	"position_at" timestamp with time zone,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_bind_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_bind_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"device_uuid" text NOT NULL,
	"vehicle_id" integer NOT NULL,
	"license_plate" text NOT NULL,
	"action" text NOT NULL,
	"forced" boolean DEFAULT false NOT NULL,
	"account_id" integer,
	"username" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer
);
--> statement-breakpoint
CREATE TABLE "gps_point" (
	"device_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"vehicle_id" integer,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"speed" real NOT NULL,
	"heading" real NOT NULL,
	"dbm" integer,
	CONSTRAINT "gps_point_device_id_at_pk" PRIMARY KEY("device_id","at")
);
--> statement-breakpoint
CREATE TABLE "vehicle" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"license_plate" text NOT NULL,
	"brand" text,
	"model" text,
	"kind_name" text,
	"use_for" text,
	"initial_mileage_km" integer DEFAULT 0 NOT NULL,
	"driven_meters" bigint DEFAULT 0 NOT NULL,
	"running_seconds" bigint DEFAULT 0 NOT NULL,
	"attribution" text,
	"address" text,
	"customer" text,
	"lease_agent_id" integer,
	"lease_company_id" integer,
	"lease_fleet_id" integer,
	"lease_expire_at" timestamp with time zone,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_email" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_email_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vehicle_id" integer NOT NULL,
	"email" text NOT NULL,
	"state" text DEFAULT 'unverified' NOT NULL,
	"code_hash" text,
	"code_sent_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org" ADD COLUMN "provisioning_key_hash" text;--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_email" ADD CONSTRAINT "vehicle_email_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_uuid_idx" ON "device" USING btree ("device_uuid");--> statement-breakpoint
CREATE INDEX "device_vehicle_idx" ON "device" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "device_scope_idx" ON "device" USING btree ("belong_agent_id","belong_company_id","belong_fleet_id");--> statement-breakpoint
CREATE INDEX "device_created_idx" ON "device" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "device_bind_log_device_idx" ON "device_bind_log" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "device_bind_log_scope_idx" ON "device_bind_log" USING btree ("belong_agent_id","belong_company_id","at");--> statement-breakpoint
CREATE INDEX "gps_point_vehicle_idx" ON "gps_point" USING btree ("vehicle_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_plate_idx" ON "vehicle" USING btree (upper("license_plate"));--> statement-breakpoint
CREATE INDEX "vehicle_scope_idx" ON "vehicle" USING btree ("belong_agent_id","belong_company_id","belong_fleet_id");--> statement-breakpoint
CREATE INDEX "vehicle_lease_idx" ON "vehicle" USING btree ("lease_agent_id","lease_company_id","lease_fleet_id");--> statement-breakpoint
CREATE INDEX "vehicle_created_idx" ON "vehicle" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_email_idx" ON "vehicle_email" USING btree ("vehicle_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "org_provisioning_key_idx" ON "org" USING btree ("provisioning_key_hash");