CREATE TABLE "stat_change" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stat_change_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_incident_day" (
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"tag_id" integer,
	"incidents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_place_day" (
	"belong_agent_id" integer,
	"belong_company_id" integer,
	"belong_fleet_id" integer,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"tag_id" integer,
	"place_name" text,
	"place_country" text,
	"incidents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_rollup" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"rolled_until" date,
	"rolled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stat_vehicle_day" (
	"company_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"day" date NOT NULL,
	"meters" double precision NOT NULL,
	"driving_ms" bigint NOT NULL,
	CONSTRAINT "stat_vehicle_day_company_id_day_vehicle_id_pk" PRIMARY KEY("company_id","day","vehicle_id")
);
--> statement-breakpoint
CREATE INDEX "stat_change_company_idx" ON "stat_change" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "stat_incident_day_company_idx" ON "stat_incident_day" USING btree ("belong_company_id","day");--> statement-breakpoint
CREATE INDEX "stat_place_day_company_idx" ON "stat_place_day" USING btree ("belong_company_id","day");--> statement-breakpoint
CREATE INDEX "stat_vehicle_day_vehicle_idx" ON "stat_vehicle_day" USING btree ("vehicle_id","day");--> statement-breakpoint
-- Statistics (issue 19, docs/decisions.md): every change of an incident that statistics count, and every position that
-- arrives more than an hour late, is logged in stat_change, so a rolled day it touches is counted directly until the
-- rollup job rolls it again. Statement triggers with transition tables: one insert per statement, not per row.
CREATE FUNCTION stat_incident_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stat_change (company_id, at)
      SELECT DISTINCT n.belong_company_id, n.trigger_at FROM stat_new n WHERE n.belong_company_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stat_change (company_id, at)
      SELECT DISTINCT o.belong_company_id, o.trigger_at FROM stat_old o WHERE o.belong_company_id IS NOT NULL;
  ELSE
    -- Only what statistics count: a review or a comment changes nothing.
    INSERT INTO stat_change (company_id, at)
      SELECT DISTINCT x.company_id, x.at
      FROM stat_old o JOIN stat_new n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.belong_company_id, o.trigger_at), (n.belong_company_id, n.trigger_at)) AS x(company_id, at)
      WHERE x.company_id IS NOT NULL AND (
        (o.deleted_at IS NULL) IS DISTINCT FROM (n.deleted_at IS NULL) OR o.tag_id IS DISTINCT FROM n.tag_id
        OR o.type IS DISTINCT FROM n.type OR o.trigger_at IS DISTINCT FROM n.trigger_at
        OR o.lat IS DISTINCT FROM n.lat OR o.lng IS DISTINCT FROM n.lng
        OR o.belong_agent_id IS DISTINCT FROM n.belong_agent_id OR o.belong_company_id IS DISTINCT FROM n.belong_company_id
        OR o.belong_fleet_id IS DISTINCT FROM n.belong_fleet_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_incident_insert AFTER INSERT ON incident REFERENCING NEW TABLE AS stat_new
  FOR EACH STATEMENT EXECUTE FUNCTION stat_incident_changed();
--> statement-breakpoint
CREATE TRIGGER stat_incident_update AFTER UPDATE ON incident REFERENCING OLD TABLE AS stat_old NEW TABLE AS stat_new
  FOR EACH STATEMENT EXECUTE FUNCTION stat_incident_changed();
--> statement-breakpoint
CREATE TRIGGER stat_incident_delete AFTER DELETE ON incident REFERENCING OLD TABLE AS stat_old
  FOR EACH STATEMENT EXECUTE FUNCTION stat_incident_changed();
--> statement-breakpoint
-- A position more than an hour old when it arrives: its day, and the day of the device's next position (whose segment
-- now starts at it). The job rolls a day only once it ended more than an hour (and a margin) ago, so a position of a
-- rolled day is always logged. Minutes suffice: every zone's midnight falls on a whole minute.
CREATE FUNCTION stat_trail_late() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_change (company_id, at)
    SELECT DISTINCT v.belong_company_id, date_trunc('minute', x.at)
    FROM stat_new n JOIN vehicle v ON v.id = n.vehicle_id
    CROSS JOIN LATERAL (VALUES (n.at),
      ((SELECT q.at FROM gps_point q WHERE q.device_id = n.device_id AND q.at > n.at ORDER BY q.at LIMIT 1))) AS x(at)
    WHERE n.at < clock_timestamp() - interval '1 hour' AND x.at IS NOT NULL AND v.belong_company_id IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_trail_insert AFTER INSERT ON gps_point REFERENCING NEW TABLE AS stat_new
  FOR EACH STATEMENT EXECUTE FUNCTION stat_trail_late();
