CREATE TABLE "account" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"real_name" text,
	"email" text,
	"phone" text,
	"language" text,
	"time_zone" text,
	"state" text DEFAULT 'usable' NOT NULL,
	"first_time_login" boolean DEFAULT false NOT NULL,
	"finish_clause" boolean DEFAULT true NOT NULL,
	"expire_time" timestamp with time zone,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer,
	"belong_site_id" integer,
	"last_login_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_use" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "org_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"state" text DEFAULT 'enabled' NOT NULL,
	"finish_clause" boolean DEFAULT true NOT NULL,
	"logo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_belong_agent_id_org_id_fk" FOREIGN KEY ("belong_agent_id") REFERENCES "public"."org"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_belong_company_id_org_id_fk" FOREIGN KEY ("belong_company_id") REFERENCES "public"."org"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_belong_fleet_id_org_id_fk" FOREIGN KEY ("belong_fleet_id") REFERENCES "public"."org"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_belong_site_id_org_id_fk" FOREIGN KEY ("belong_site_id") REFERENCES "public"."org"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_username_idx" ON "account" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "org_parent_idx" ON "org" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "session_account_idx" ON "session" USING btree ("account_id");