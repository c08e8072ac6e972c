CREATE TABLE "jt808_attachment_request" (
	"alarm_number" text PRIMARY KEY NOT NULL,
	"device_uuid" text NOT NULL,
	"terminal_no" text NOT NULL,
	"incident_message_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
