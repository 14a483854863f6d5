CREATE TABLE "demand_notice_daily_totals" (
	"issued_on" date NOT NULL,
	"mda_id" uuid NOT NULL,
	"status" "demand_notice_status" NOT NULL,
	"shard" smallint NOT NULL,
	"notice_count" bigint NOT NULL,
	"total_kobo" bigint NOT NULL,
	"paid_kobo" bigint NOT NULL,
	"outstanding_kobo" bigint NOT NULL,
	CONSTRAINT "demand_notice_daily_totals_pkey" PRIMARY KEY("issued_on","mda_id","status","shard")
);
--> statement-breakpoint
CREATE TABLE "demand_notice_monthly_totals" (
	"month" date NOT NULL,
	"mda_id" uuid NOT NULL,
	"status" "demand_notice_status" NOT NULL,
	"shard" smallint NOT NULL,
	"notice_count" bigint NOT NULL,
	"total_kobo" bigint NOT NULL,
	"paid_kobo" bigint NOT NULL,
	"outstanding_kobo" bigint NOT NULL,
	CONSTRAINT "demand_notice_monthly_totals_pkey" PRIMARY KEY("month","mda_id","status","shard")
);
--> statement-breakpoint
CREATE INDEX "demand_notice_daily_totals_mda_day_idx" ON "demand_notice_daily_totals" USING btree ("mda_id","issued_on");--> statement-breakpoint
CREATE INDEX "demand_notice_monthly_totals_mda_month_idx" ON "demand_notice_monthly_totals" USING btree ("mda_id","month");--> statement-breakpoint
CREATE INDEX "demand_notices_issued_number_idx" ON "demand_notices" USING btree ("issued_on","number");--> statement-breakpoint
CREATE INDEX "demand_notices_due_number_idx" ON "demand_notices" USING btree ("due_on","number");--> statement-breakpoint
CREATE INDEX "demand_notices_total_number_idx" ON "demand_notices" USING btree ("total_kobo","number");--> statement-breakpoint
CREATE INDEX "demand_notices_open_due_idx" ON "demand_notices" USING btree ("due_on") WHERE "demand_notices"."status" in ('issued', 'part_paid');--> statement-breakpoint
-- Hand-written below: the demand notice totals kept by the notices' own statements, as the
-- collection totals are (migration 0031). What a notice adds: one notice, its total, its paid
-- and what it still owes (floored at nought notice by notice, as the report's outstanding is)
-- on its issue day, MDA and stored status. An update takes off what the rows held before and
-- adds what they hold after, so a payment settled, a notice cancelled or part paid moves it.
CREATE FUNCTION demand_notice_totals_add(moves jsonb) RETURNS void LANGUAGE sql AS $$
  WITH m AS (
    SELECT * FROM jsonb_to_recordset(moves) AS x(
      issued_on date, mda_id uuid, status demand_notice_status, notice_count bigint,
      total_kobo bigint, paid_kobo bigint, outstanding_kobo bigint)
  ), daily AS (
    INSERT INTO demand_notice_daily_totals AS t
      (issued_on, mda_id, status, shard, notice_count, total_kobo, paid_kobo, outstanding_kobo)
      SELECT issued_on, mda_id, status, (pg_backend_pid() % 16)::smallint, sum(notice_count),
             sum(total_kobo), sum(paid_kobo), sum(outstanding_kobo)
      FROM m GROUP BY 1, 2, 3
      HAVING sum(notice_count) <> 0 OR sum(total_kobo) <> 0 OR sum(paid_kobo) <> 0
          OR sum(outstanding_kobo) <> 0
      ORDER BY 1, 2, 3
      ON CONFLICT (issued_on, mda_id, status, shard) DO UPDATE
        SET notice_count = t.notice_count + excluded.notice_count,
            total_kobo = t.total_kobo + excluded.total_kobo,
            paid_kobo = t.paid_kobo + excluded.paid_kobo,
            outstanding_kobo = t.outstanding_kobo + excluded.outstanding_kobo
  )
  INSERT INTO demand_notice_monthly_totals AS t
    (month, mda_id, status, shard, notice_count, total_kobo, paid_kobo, outstanding_kobo)
    SELECT date_trunc('month', issued_on)::date, mda_id, status, (pg_backend_pid() % 16)::smallint,
           sum(notice_count), sum(total_kobo), sum(paid_kobo), sum(outstanding_kobo)
    FROM m GROUP BY 1, 2, 3
    HAVING sum(notice_count) <> 0 OR sum(total_kobo) <> 0 OR sum(paid_kobo) <> 0
        OR sum(outstanding_kobo) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (month, mda_id, status, shard) DO UPDATE
      SET notice_count = t.notice_count + excluded.notice_count,
          total_kobo = t.total_kobo + excluded.total_kobo,
          paid_kobo = t.paid_kobo + excluded.paid_kobo,
          outstanding_kobo = t.outstanding_kobo + excluded.outstanding_kobo;
$$;
--> statement-breakpoint
CREATE FUNCTION demand_notice_totals_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moves jsonb;
BEGIN
  SELECT jsonb_agg(g) INTO moves FROM (
    SELECT issued_on, mda_id, status, count(*) AS notice_count, sum(total_kobo) AS total_kobo,
           sum(paid_kobo) AS paid_kobo,
           sum(greatest(total_kobo - paid_kobo, 0)) AS outstanding_kobo
      FROM added_notices GROUP BY 1, 2, 3
  ) AS g;
  IF moves IS NOT NULL THEN PERFORM demand_notice_totals_add(moves); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION demand_notice_totals_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moves jsonb;
BEGIN
  SELECT jsonb_agg(g) INTO moves FROM (
    SELECT issued_on, mda_id, status, sum(n) AS notice_count, sum(total) AS total_kobo,
           sum(paid) AS paid_kobo, sum(owed) AS outstanding_kobo
    FROM (
      SELECT issued_on, mda_id, status, 1 AS n, total_kobo AS total, paid_kobo AS paid,
             greatest(total_kobo - paid_kobo, 0) AS owed
        FROM after_notices
      UNION ALL
      SELECT issued_on, mda_id, status, -1, -total_kobo, -paid_kobo,
             -greatest(total_kobo - paid_kobo, 0)
        FROM before_notices
    ) AS x GROUP BY 1, 2, 3
  ) AS g;
  IF moves IS NOT NULL THEN PERFORM demand_notice_totals_add(moves); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION demand_notice_totals_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moves jsonb;
BEGIN
  SELECT jsonb_agg(g) INTO moves FROM (
    SELECT issued_on, mda_id, status, -count(*) AS notice_count, -sum(total_kobo) AS total_kobo,
           -sum(paid_kobo) AS paid_kobo,
           -sum(greatest(total_kobo - paid_kobo, 0)) AS outstanding_kobo
      FROM removed_notices GROUP BY 1, 2, 3
  ) AS g;
  IF moves IS NOT NULL THEN PERFORM demand_notice_totals_add(moves); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER demand_notice_totals_after_insert AFTER INSERT ON demand_notices
  REFERENCING NEW TABLE AS added_notices
  FOR EACH STATEMENT EXECUTE FUNCTION demand_notice_totals_on_insert();
--> statement-breakpoint
CREATE TRIGGER demand_notice_totals_after_update AFTER UPDATE ON demand_notices
  REFERENCING OLD TABLE AS before_notices NEW TABLE AS after_notices
  FOR EACH STATEMENT EXECUTE FUNCTION demand_notice_totals_on_update();
--> statement-breakpoint
CREATE TRIGGER demand_notice_totals_after_delete AFTER DELETE ON demand_notices
  REFERENCING OLD TABLE AS removed_notices
  FOR EACH STATEMENT EXECUTE FUNCTION demand_notice_totals_on_delete();
--> statement-breakpoint
INSERT INTO demand_notice_daily_totals
  (issued_on, mda_id, status, shard, notice_count, total_kobo, paid_kobo, outstanding_kobo)
  SELECT issued_on, mda_id, status, 0, count(*), sum(total_kobo), sum(paid_kobo),
         sum(greatest(total_kobo - paid_kobo, 0))
  FROM demand_notices GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO demand_notice_monthly_totals
  (month, mda_id, status, shard, notice_count, total_kobo, paid_kobo, outstanding_kobo)
  SELECT date_trunc('month', issued_on)::date, mda_id, status, 0, count(*), sum(total_kobo),
         sum(paid_kobo), sum(greatest(total_kobo - paid_kobo, 0))
  FROM demand_notices GROUP BY 1, 2, 3;
