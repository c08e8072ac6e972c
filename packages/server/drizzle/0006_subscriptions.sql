CREATE TABLE "subscription" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"plan" text NOT NULL,
	"device_quota" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_counter" (
	"company_id" integer NOT NULL,
	"month" text NOT NULL,
	"metric" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counter_company_id_month_metric_pk" PRIMARY KEY("company_id","month","metric")
);
--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_company_id_org_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."org"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_company_idx" ON "subscription" USING btree ("company_id","state");