CREATE TABLE "payment_daily_totals" (
	"mda_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" "payment_status" NOT NULL,
	"payment_count" bigint NOT NULL,
	"amount_kobo" bigint NOT NULL,
	CONSTRAINT "payment_daily_totals_mda_id_day_status_pk" PRIMARY KEY("mda_id","day","status")
);
--> statement-breakpoint
DROP INDEX "payments_paid_at_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_date" date GENERATED ALWAYS AS ((timezone('Africa/Lagos', coalesce(paid_at, created_at)))::date) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_daily_totals" ADD CONSTRAINT "payment_daily_totals_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_daily_totals_day_idx" ON "payment_daily_totals" USING btree ("day");--> statement-breakpoint
CREATE INDEX "payments_mda_paid_at_idx" ON "payments" USING btree ("mda_id","paid_at" desc nulls last,"id" desc);--> statement-breakpoint
CREATE INDEX "payments_payment_date_idx" ON "payments" USING btree ("payment_date");--> statement-breakpoint
CREATE INDEX "payments_mda_payment_date_idx" ON "payments" USING btree ("mda_id","payment_date");--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at" desc nulls last,"id" desc);--> statement-breakpoint
-- Totals per MDA, Lagos day and status, kept by the ledger's own statements (docs/architecture.md §9:
-- totals and reports add up a rollup, never scan the ledger). Rows are upserted in key order,
-- so two transactions touching the same keys queue instead of deadlocking.
CREATE FUNCTION payment_daily_totals_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_daily_totals AS t (mda_id, day, status, payment_count, amount_kobo)
    SELECT mda_id, payment_date, status, count(*), sum(amount_kobo)
    FROM added_payments GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (mda_id, day, status) DO UPDATE
      SET payment_count = t.payment_count + excluded.payment_count,
          amount_kobo = t.amount_kobo + excluded.amount_kobo;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An update moves a payment between totals when its status, amount, MDA or day changes; the
-- net change per key is applied, and keys with none are left alone.
CREATE FUNCTION payment_daily_totals_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_daily_totals_after_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS added_payments
  FOR EACH STATEMENT EXECUTE FUNCTION payment_daily_totals_on_insert();
--> statement-breakpoint
CREATE TRIGGER payment_daily_totals_after_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS before_payments NEW TABLE AS after_payments
  FOR EACH STATEMENT EXECUTE FUNCTION payment_daily_totals_on_update();
--> statement-breakpoint
INSERT INTO payment_daily_totals (mda_id, day, status, payment_count, amount_kobo)
  SELECT mda_id, payment_date, status, count(*), sum(amount_kobo) FROM payments GROUP BY 1, 2, 3;
