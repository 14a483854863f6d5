CREATE TABLE "collection_daily_totals" (
	"day" date NOT NULL,
	"mda_id" uuid NOT NULL,
	"revenue_head_code" text NOT NULL,
	"channel" "payment_channel" NOT NULL,
	"subject_kind" text NOT NULL,
	"type" text NOT NULL,
	"shard" smallint NOT NULL,
	"payment_count" bigint NOT NULL,
	"amount_kobo" bigint NOT NULL,
	CONSTRAINT "collection_daily_totals_pkey" PRIMARY KEY("day","mda_id","revenue_head_code","channel","subject_kind","type","shard")
);
--> statement-breakpoint
CREATE TABLE "collection_monthly_totals" (
	"month" date NOT NULL,
	"mda_id" uuid NOT NULL,
	"revenue_head_code" text NOT NULL,
	"channel" "payment_channel" NOT NULL,
	"subject_kind" text NOT NULL,
	"type" text NOT NULL,
	"shard" smallint NOT NULL,
	"payment_count" bigint NOT NULL,
	"amount_kobo" bigint NOT NULL,
	CONSTRAINT "collection_monthly_totals_pkey" PRIMARY KEY("month","mda_id","revenue_head_code","channel","subject_kind","type","shard")
);
--> statement-breakpoint
CREATE INDEX "collection_daily_totals_mda_day_idx" ON "collection_daily_totals" USING btree ("mda_id","day");--> statement-breakpoint
CREATE INDEX "collection_monthly_totals_mda_month_idx" ON "collection_monthly_totals" USING btree ("mda_id","month");--> statement-breakpoint
-- Hand-written below (ADR 0034). What each payment moves in the collection totals: its amount
-- on the Lagos day it was paid, and, once reversed, minus its amount on the Lagos day it was
-- reversed (status_changed_at; the day it was paid for a reversal that has none). The rebuild
-- and verify commands read this view; the triggers below apply the same expressions to the
-- rows a statement changed.
CREATE VIEW collection_movements AS
  SELECT (timezone('Africa/Lagos', paid_at))::date AS day, mda_id,
         coalesce(revenue_head_code, '') AS revenue_head_code, channel,
         coalesce(subject_kind::text, '') AS subject_kind, coalesce(type::text, '') AS type,
         1 AS payment_count, amount_kobo
    FROM payments WHERE status IN ('paid', 'reversed')
  UNION ALL
  SELECT (timezone('Africa/Lagos', coalesce(status_changed_at, paid_at)))::date, mda_id,
         coalesce(revenue_head_code, ''), channel, coalesce(subject_kind::text, ''),
         coalesce(type::text, ''), -1, -amount_kobo
    FROM payments WHERE status = 'reversed';
--> statement-breakpoint
-- Adds a statement's net movements to both tables, in key order so two transactions touching
-- the same keys queue instead of deadlocking; each session writes its own shard so fifty
-- payments to one MDA on one day at once do not all wait on one row.
CREATE FUNCTION collection_totals_add(moves jsonb) RETURNS void LANGUAGE sql AS $$
  WITH m AS (
    SELECT * FROM jsonb_to_recordset(moves) AS x(
      day date, mda_id uuid, revenue_head_code text, channel payment_channel,
      subject_kind text, type text, payment_count bigint, amount_kobo bigint)
  ), daily AS (
    INSERT INTO collection_daily_totals AS t
      (day, mda_id, revenue_head_code, channel, subject_kind, type, shard, payment_count, amount_kobo)
      SELECT day, mda_id, revenue_head_code, channel, subject_kind, type,
             (pg_backend_pid() % 16)::smallint, sum(payment_count), sum(amount_kobo)
      FROM m GROUP BY 1, 2, 3, 4, 5, 6
      HAVING sum(payment_count) <> 0 OR sum(amount_kobo) <> 0
      ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (day, mda_id, revenue_head_code, channel, subject_kind, type, shard) DO UPDATE
        SET payment_count = t.payment_count + excluded.payment_count,
            amount_kobo = t.amount_kobo + excluded.amount_kobo
  )
  INSERT INTO collection_monthly_totals AS t
    (month, mda_id, revenue_head_code, channel, subject_kind, type, shard, payment_count, amount_kobo)
    SELECT date_trunc('month', day)::date, mda_id, revenue_head_code, channel, subject_kind, type,
           (pg_backend_pid() % 16)::smallint, sum(payment_count), sum(amount_kobo)
    FROM m GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(payment_count) <> 0 OR sum(amount_kobo) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (month, mda_id, revenue_head_code, channel, subject_kind, type, shard) DO UPDATE
      SET payment_count = t.payment_count + excluded.payment_count,
          amount_kobo = t.amount_kobo + excluded.amount_kobo;
$$;
--> statement-breakpoint
CREATE FUNCTION collection_totals_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moves jsonb;
BEGIN
  SELECT jsonb_agg(g) INTO moves FROM (
    SELECT day, mda_id, revenue_head_code, channel, subject_kind, type,
           sum(payment_count) AS payment_count, sum(amount_kobo) AS amount_kobo
    FROM (
    SELECT (timezone('Africa/Lagos', paid_at))::date AS day, mda_id,
           coalesce(revenue_head_code, '') AS revenue_head_code, channel,
           coalesce(subject_kind::text, '') AS subject_kind, coalesce(type::text, '') AS type,
           1 AS payment_count, amount_kobo
      FROM added_payments WHERE status IN ('paid', 'reversed')
    UNION ALL
    SELECT (timezone('Africa/Lagos', coalesce(status_changed_at, paid_at)))::date, mda_id,
           coalesce(revenue_head_code, ''), channel, coalesce(subject_kind::text, ''),
           coalesce(type::text, ''), -1, -amount_kobo
      FROM added_payments WHERE status = 'reversed'
  ) AS x GROUP BY 1, 2, 3, 4, 5, 6
  ) AS g;
  IF moves IS NOT NULL THEN PERFORM collection_totals_add(moves); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An update moves the difference between what the rows moved before and after: a bill paid
-- adds, a payment reversed takes off on the day of the reversal, a payment linked to an
-- assessment moves from "no type" to its type on the day it was paid.
CREATE FUNCTION collection_totals_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moves jsonb;
BEGIN
  SELECT jsonb_agg(g) INTO moves FROM (
    SELECT day, mda_id, revenue_head_code, channel, subject_kind, type,
           sum(payment_count) AS payment_count, sum(amount_kobo) AS amount_kobo
    FROM (
    SELECT (timezone('Africa/Lagos', paid_at))::date AS day, mda_id,
           coalesce(revenue_head_code, '') AS revenue_head_code, channel,
           coalesce(subject_kind::text, '') AS subject_kind, coalesce(type::text, '') AS type,
           1 AS payment_count, amount_kobo
      FROM after_payments WHERE status IN ('paid', 'reversed')
    UNION ALL
    SELECT (timezone('Africa/Lagos', coalesce(status_changed_at, paid_at)))::date, mda_id,
           coalesce(revenue_head_code, ''), channel, coalesce(subject_kind::text, ''),
           coalesce(type::text, ''), -1, -amount_kobo
      FROM after_payments WHERE status = 'reversed'
    UNION ALL
    SELECT (timezone('Africa/Lagos', paid_at))::date, mda_id,
           coalesce(revenue_head_code, ''), channel, coalesce(subject_kind::text, ''),
           coalesce(type::text, ''), -1, -amount_kobo
      FROM before_payments WHERE status IN ('paid', 'reversed')
    UNION ALL
    SELECT (timezone('Africa/Lagos', coalesce(status_changed_at, paid_at)))::date, mda_id,
           coalesce(revenue_head_code, ''), channel, coalesce(subject_kind::text, ''),
           coalesce(type::text, ''), 1, amount_kobo
      FROM before_payments WHERE status = 'reversed'
  ) AS x GROUP BY 1, 2, 3, 4, 5, 6
  ) AS g;
  IF moves IS NOT NULL THEN PERFORM collection_totals_add(moves); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER collection_totals_after_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS added_payments
  FOR EACH STATEMENT EXECUTE FUNCTION collection_totals_on_insert();
--> statement-breakpoint
CREATE TRIGGER collection_totals_after_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS before_payments NEW TABLE AS after_payments
  FOR EACH STATEMENT EXECUTE FUNCTION collection_totals_on_update();
--> statement-breakpoint
INSERT INTO collection_daily_totals
  (day, mda_id, revenue_head_code, channel, subject_kind, type, shard, payment_count, amount_kobo)
  SELECT day, mda_id, revenue_head_code, channel, subject_kind, type, 0, sum(payment_count), sum(amount_kobo)
  FROM collection_movements GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(payment_count) <> 0 OR sum(amount_kobo) <> 0;
--> statement-breakpoint
INSERT INTO collection_monthly_totals
  (month, mda_id, revenue_head_code, channel, subject_kind, type, shard, payment_count, amount_kobo)
  SELECT date_trunc('month', day)::date, mda_id, revenue_head_code, channel, subject_kind, type, 0,
         sum(payment_count), sum(amount_kobo)
  FROM collection_movements GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(payment_count) <> 0 OR sum(amount_kobo) <> 0;
