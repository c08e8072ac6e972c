CREATE TABLE "device_session" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_session_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "device_session_device_idx" ON "device_session" USING btree ("device_id","ended_at");--> statement-breakpoint
CREATE INDEX "device_session_ended_idx" ON "device_session" USING btree ("ended_at");