CREATE TABLE "api_token" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_token_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operation_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_id" integer,
	"username" text NOT NULL,
	"role" text,
	"action" text NOT NULL,
	"target" text,
	"result" text NOT NULL,
	"ip" text,
	"detail" jsonb,
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer
);
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "fixed_tel" text;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "failed_logins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "mfa_secret" text;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "mfa_bound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "org" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "org" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "org" ADD COLUMN "company_quota" integer;--> statement-breakpoint
ALTER TABLE "org" ADD COLUMN "device_quota" integer;--> statement-breakpoint
ALTER TABLE "org" ADD COLUMN "belong_agent_id" integer;--> statement-breakpoint
ALTER TABLE "org" ADD COLUMN "belong_company_id" integer;--> statement-breakpoint
ALTER TABLE "org" ADD COLUMN "belong_fleet_id" integer;--> statement-breakpoint
ALTER TABLE "api_token" ADD CONSTRAINT "api_token_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_token_hash_idx" ON "api_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_token_account_idx" ON "api_token" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "operation_log_at_idx" ON "operation_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "operation_log_account_idx" ON "operation_log" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "operation_log_scope_idx" ON "operation_log" USING btree ("belong_agent_id","belong_company_id","belong_fleet_id","at");--> statement-breakpoint
CREATE INDEX "account_scope_idx" ON "account" USING btree ("belong_agent_id","belong_company_id","belong_fleet_id");--> statement-breakpoint
CREATE INDEX "org_scope_idx" ON "org" USING btree ("belong_agent_id","belong_company_id","belong_fleet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_sibling_name_idx" ON "org" USING btree ("kind",coalesce("parent_id", 0),lower("name"));