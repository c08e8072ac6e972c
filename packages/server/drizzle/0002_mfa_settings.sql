ALTER TABLE "account" ADD COLUMN "mfa_last_step" bigint;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "param_setting" jsonb;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "mfa_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "mfa_attempts" integer DEFAULT 0 NOT NULL;