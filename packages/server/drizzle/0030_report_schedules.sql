CREATE TABLE "report_delivery" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_delivery_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schedule_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_schedule" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_schedule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"frequency" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"report_agent_id" integer,
	"report_company_id" integer,
	"report_fleet_id" integer,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer,
	"active_since" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_schedule_recipient" (
	"schedule_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedule_recipient_schedule_id_account_id_pk" PRIMARY KEY("schedule_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "report_delivery" ADD CONSTRAINT "report_delivery_schedule_id_report_schedule_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_delivery" ADD CONSTRAINT "report_delivery_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedule" ADD CONSTRAINT "report_schedule_report_agent_id_org_id_fk" FOREIGN KEY ("report_agent_id") REFERENCES "public"."org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedule" ADD CONSTRAINT "report_schedule_report_company_id_org_id_fk" FOREIGN KEY ("report_company_id") REFERENCES "public"."org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedule" ADD CONSTRAINT "report_schedule_report_fleet_id_org_id_fk" FOREIGN KEY ("report_fleet_id") REFERENCES "public"."org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedule_recipient" ADD CONSTRAINT "report_schedule_recipient_schedule_id_report_schedule_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedule_recipient" ADD CONSTRAINT "report_schedule_recipient_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_delivery_period_idx" ON "report_delivery" USING btree ("schedule_id","account_id","period_start");--> statement-breakpoint
CREATE INDEX "report_delivery_schedule_idx" ON "report_delivery" USING btree ("schedule_id","period_start");--> statement-breakpoint
CREATE INDEX "report_delivery_account_idx" ON "report_delivery" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "report_schedule_scope_idx" ON "report_schedule" USING btree ("belong_agent_id","belong_company_id","belong_fleet_id");--> statement-breakpoint
CREATE INDEX "report_schedule_created_idx" ON "report_schedule" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "report_schedule_recipient_account_idx" ON "report_schedule_recipient" USING btree ("account_id");