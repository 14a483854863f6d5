CREATE TABLE "payment_monthly_totals" (
	"mda_id" uuid NOT NULL,
	"month" date NOT NULL,
	"status" "payment_status" NOT NULL,
	"payment_count" bigint NOT NULL,
	"amount_kobo" bigint NOT NULL,
	CONSTRAINT "payment_monthly_totals_mda_id_month_status_pk" PRIMARY KEY("mda_id","month","status")
);
--> statement-breakpoint
CREATE TABLE "payment_payer_name_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "payments_payer_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_name_words" text[] GENERATED ALWAYS AS (array_remove(regexp_split_to_array(lower(coalesce(payer_name, '')), '[[:space:][:punct:]]+'), '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_monthly_totals" ADD CONSTRAINT "payment_monthly_totals_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_monthly_totals_month_idx" ON "payment_monthly_totals" USING btree ("month");--> statement-breakpoint
CREATE INDEX "payment_payer_name_words_trgm_idx" ON "payment_payer_name_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_payer_name_words_idx" ON "payments" USING gin ("payer_name_words");--> statement-breakpoint
-- payment_payer_name_words follows the payer names as taxpayer_name_words follows taxpayers'
-- (migration 0007, ADR 0009): every word of a new or renamed payment's payer is added in the
-- same statement's transaction, once per statement. Words are never removed.
CREATE FUNCTION payment_payer_name_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_payer_name_words (word)
    SELECT DISTINCT unnest(payer_name_words) FROM named_payments ORDER BY 1
    ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_payer_name_words_on_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS named_payments
  FOR EACH STATEMENT EXECUTE FUNCTION payment_payer_name_words_add();
--> statement-breakpoint
CREATE TRIGGER payment_payer_name_words_on_update AFTER UPDATE ON payments
  REFERENCING NEW TABLE AS named_payments
  FOR EACH STATEMENT EXECUTE FUNCTION payment_payer_name_words_add();
--> statement-breakpoint
INSERT INTO payment_payer_name_words (word)
  SELECT DISTINCT unnest(payer_name_words) FROM payments
  ON CONFLICT (word) DO NOTHING;
--> statement-breakpoint
-- The monthly level (ADR 0019): the daily totals' triggers of migration 0009 now apply each
-- change to payment_monthly_totals too, in the same statement, so both levels always agree.
-- The month is the first day of the Lagos month of payment_date (itself a Lagos day). Daily
-- keys are upserted before monthly ones, each in key order, so writers queue, never deadlock.
CREATE OR REPLACE FUNCTION payment_daily_totals_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_daily_totals AS t (mda_id, day, status, payment_count, amount_kobo)
    SELECT mda_id, payment_date, status, count(*), sum(amount_kobo)
    FROM added_payments GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (mda_id, day, status) DO UPDATE
      SET payment_count = t.payment_count + excluded.payment_count,
          amount_kobo = t.amount_kobo + excluded.amount_kobo;
  INSERT INTO payment_monthly_totals AS t (mda_id, month, status, payment_count, amount_kobo)
    SELECT mda_id, date_trunc('month', payment_date::timestamp)::date, status, count(*), sum(amount_kobo)
    FROM added_payments GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (mda_id, month, status) DO UPDATE
      SET payment_count = t.payment_count + excluded.payment_count,
          amount_kobo = t.amount_kobo + excluded.amount_kobo;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_daily_totals_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_daily_totals AS t (mda_id, day, status, payment_count, amount_kobo)
    SELECT mda_id, day, status, sum(n), sum(a)
    FROM (
      SELECT mda_id, payment_date AS day, status, -1 AS n, -amount_kobo AS a FROM before_payments
      UNION ALL
      SELECT mda_id, payment_date, status, 1, amount_kobo FROM after_payments
    ) AS change
    GROUP BY 1, 2, 3
    HAVING sum(n) <> 0 OR sum(a) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (mda_id, day, status) DO UPDATE
      SET payment_count = t.payment_count + excluded.payment_count,
          amount_kobo = t.amount_kobo + excluded.amount_kobo;
  INSERT INTO payment_monthly_totals AS t (mda_id, month, status, payment_count, amount_kobo)
    SELECT mda_id, month, status, sum(n), sum(a)
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
    ON CONFLICT (mda_id, month, status) DO UPDATE
      SET payment_count = t.payment_count + excluded.payment_count,
          amount_kobo = t.amount_kobo + excluded.amount_kobo;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO payment_monthly_totals (mda_id, month, status, payment_count, amount_kobo)
  SELECT mda_id, date_trunc('month', day::timestamp)::date, status, sum(payment_count), sum(amount_kobo)
  FROM payment_daily_totals GROUP BY 1, 2, 3;
