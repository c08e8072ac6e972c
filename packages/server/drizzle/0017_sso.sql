CREATE TABLE "sso_config" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "sso_login" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_config" ADD CONSTRAINT "sso_config_company_id_org_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_login" ADD CONSTRAINT "sso_login_company_id_org_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."org"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_config_name_idx" ON "sso_config" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "sso_login_expires_idx" ON "sso_login" USING btree ("expires_at");