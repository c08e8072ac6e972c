CREATE TABLE "gateway_node" (
	"client_id" text PRIMARY KEY NOT NULL,
	"share_group" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
