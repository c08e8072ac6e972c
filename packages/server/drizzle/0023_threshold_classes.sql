CREATE TABLE "threshold_class" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "threshold_class_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "threshold_class_name_idx" ON "threshold_class" USING btree ("name");