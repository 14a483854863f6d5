ALTER TABLE "payment_daily_totals" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_monthly_totals" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_daily_totals" DROP CONSTRAINT "payment_daily_totals_mda_id_day_status_pk";--> statement-breakpoint
ALTER TABLE "payment_monthly_totals" DROP CONSTRAINT "payment_monthly_totals_mda_id_month_status_pk";--> statement-breakpoint
ALTER TABLE "payment_daily_totals" ADD CONSTRAINT "payment_daily_totals_mda_id_day_status_shard_pk" PRIMARY KEY("mda_id","day","status","shard");--> statement-breakpoint
ALTER TABLE "payment_monthly_totals" ADD CONSTRAINT "payment_monthly_totals_mda_id_month_status_shard_pk" PRIMARY KEY("mda_id","month","status","shard");--> statement-breakpoint
-- Hand-written below (ADR 0035). The history's totals are sharded as the collection totals are
-- (ADR 0034): each database session upserts its own row of a key, shard pg_backend_pid() % 16,
-- so fifty payments to one MDA on one day from fifty connections no longer wait one behind
-- another on that MDA's row of the day and of the month. Readers add the shards up. Within a
-- statement the shard is one value, so daily keys then monthly keys are still upserted in key
-- order and two transactions on the same shard queue, never deadlock. The rows already here
-- are shard 0 (the column's default).
CREATE OR REPLACE FUNCTION payment_daily_totals_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_daily_totals AS t (mda_id, day, status, shard, payment_count, amount_kobo)
    SELECT mda_id, payment_date, status, (pg_backend_pid() % 16)::smallint, count(*), sum(amount_kobo)
    FROM added_payments GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (mda_id, day, status, shard) DO UPDATE
      SET payment_count = t.payment_count + excluded.payment_count,
          amount_kobo = t.amount_kobo + excluded.amount_kobo;
  INSERT INTO payment_monthly_totals AS t (mda_id, month, status, shard, payment_count, amount_kobo)
    SELECT mda_id, date_trunc('month', payment_date::timestamp)::date, status,
           (pg_backend_pid() % 16)::smallint, count(*), sum(amount_kobo)
    FROM added_payments GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (mda_id, month, status, shard) DO UPDATE
      SET payment_count = t.payment_count + excluded.payment_count,
          amount_kobo = t.amount_kobo + excluded.amount_kobo;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A change is applied to the changing session's shard: a payment added on one shard and
-- reversed on another leaves +1 'paid' on the first and −1 'paid' on the second, which add up
-- to nothing, as the collection totals' movements do.
CREATE OR REPLACE FUNCTION payment_daily_totals_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_daily_totals AS t (mda_id, day, status, shard, payment_count, amount_kobo)
    SELECT mda_id, day, status, (pg_backend_pid() % 16)::smallint, sum(n), sum(a)
    FROM (
      SELECT mda_id, payment_date AS day, status, -1 AS n, -amount_kobo AS a FROM before_payments
      UNION ALL
      SELECT mda_id, payment_date, status, 1, amount_kobo FROM after_payments
    ) AS change
    GROUP BY 1, 2, 3
    HAVING sum(n) <> 0 OR sum(a) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (mda_id, day, status, shard) DO UPDATE
      SET payment_count = t.payment_count + excluded.payment_count,
          amount_kobo = t.amount_kobo + excluded.amount_kobo;
  INSERT INTO payment_monthly_totals AS t (mda_id, month, status, shard, payment_count, amount_kobo)
    SELECT mda_id, month, status, (pg_backend_pid() % 16)::smallint, sum(n), sum(a)
    FROM (
      SELECT mda_id, date_trunc('month', payment_date::timestamp)::date AS month, status, -1 AS n,
        -amount_kobo AS a FROM before_payments
      UNION ALL
      SELECT mda_id, date_trunc('month', payment_date::timestamp)::date, status, 1, amount_kobo
        FROM after_payments
    ) AS change
    GROUP BY 1, 2, 3
    HAVING sum(n) <> 0 OR sum(a) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (mda_id, month, status, shard) DO UPDATE
      SET payment_count = t.payment_count + excluded.payment_count,
          amount_kobo = t.amount_kobo + excluded.amount_kobo;
  RETURN NULL;
END;
$$;
