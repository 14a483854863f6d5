CREATE TABLE "pos_daily_totals" (
	"day" date NOT NULL,
	"terminal_id" text NOT NULL,
	"agent_id" uuid,
	"mda_id" uuid,
	"revenue_head_code" text,
	"state" "pos_transaction_state" NOT NULL,
	"transactions" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	CONSTRAINT "pos_daily_totals_key" UNIQUE NULLS NOT DISTINCT("day","terminal_id","agent_id","mda_id","revenue_head_code","state")
);
--> statement-breakpoint
CREATE TABLE "pos_settlement_rows" (
	"job_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"in_file" boolean DEFAULT true NOT NULL,
	"terminal_id" text NOT NULL,
	"stan" text NOT NULL,
	"rrn" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"transacted_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"revenue_head_code" text,
	"payer_name" text,
	"payer_phone" text,
	"outcome" text,
	"message" text,
	"transaction_id" uuid,
	"revdesk_amount_kobo" bigint,
	"processed_at" timestamp with time zone,
	"confirmed_outcome" text,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "pos_settlement_rows_job_id_line_number_pk" PRIMARY KEY("job_id","line_number")
);
--> statement-breakpoint
ALTER TABLE "pos_settlement_rows" ADD CONSTRAINT "pos_settlement_rows_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_settlement_rows" ADD CONSTRAINT "pos_settlement_rows_confirmed_by_officers_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pos_daily_totals_terminal_day_idx" ON "pos_daily_totals" USING btree ("terminal_id","day");--> statement-breakpoint
CREATE INDEX "pos_settlement_rows_outcome_idx" ON "pos_settlement_rows" USING btree ("job_id","outcome","line_number");--> statement-breakpoint
CREATE INDEX "pos_settlement_rows_transaction_idx" ON "pos_settlement_rows" USING btree ("job_id","transaction_id") WHERE "pos_settlement_rows"."transaction_id" is not null;--> statement-breakpoint
-- ─── Hand-written (posread): keep at the end of this migration ───────────────────────────
-- The keyword of the POS transaction list (docs/pos.md "Finding a transaction") is tried as
-- an exact STAN and payer phone, and as the words of a payer's name, each through an index:
-- with pos_transactions_rrn_idx and pos_transactions_terminal_day_idx the planner ORs bitmaps
-- and never reads the whole table. The name's words are split as payments.payer_name_words
-- (ADR 0019), by an expression the list's query repeats.
CREATE INDEX "pos_transactions_stan_idx" ON "pos_transactions" USING btree ("stan");--> statement-breakpoint
CREATE INDEX "pos_transactions_payer_phone_idx" ON "pos_transactions" USING btree ("payer_phone") WHERE "payer_phone" is not null;--> statement-breakpoint
CREATE INDEX "pos_transactions_payer_name_words_idx" ON "pos_transactions" USING gin ((array_remove(regexp_split_to_array(lower(coalesce("payer_name", '')), '[[:space:][:punct:]]+'), '')));--> statement-breakpoint
-- pos_daily_totals is kept by the statement that writes a transaction: every insert, delete
-- and change of a transaction's day, terminal, agent, MDA, revenue head, state or amount
-- moves its count and amount from the old key to the new one.
CREATE FUNCTION pos_daily_totals_add(p_day date, p_terminal text, p_agent uuid, p_mda uuid, p_head text, p_state pos_transaction_state, p_n integer, p_kobo bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO pos_daily_totals AS t (day, terminal_id, agent_id, mda_id, revenue_head_code, state, transactions, amount_kobo)
  VALUES (p_day, p_terminal, p_agent, p_mda, p_head, p_state, p_n, p_kobo)
  ON CONFLICT ON CONSTRAINT pos_daily_totals_key
  DO UPDATE SET transactions = t.transactions + excluded.transactions, amount_kobo = t.amount_kobo + excluded.amount_kobo
$$;--> statement-breakpoint
CREATE FUNCTION pos_transactions_daily_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.transaction_day, OLD.terminal_id, OLD.agent_id, OLD.mda_id, OLD.revenue_head_code, OLD.state, OLD.amount_kobo)
     IS NOT DISTINCT FROM (NEW.transaction_day, NEW.terminal_id, NEW.agent_id, NEW.mda_id, NEW.revenue_head_code, NEW.state, NEW.amount_kobo) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pos_daily_totals_add(OLD.transaction_day, OLD.terminal_id, OLD.agent_id, OLD.mda_id, OLD.revenue_head_code, OLD.state, -1, -OLD.amount_kobo);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pos_daily_totals_add(NEW.transaction_day, NEW.terminal_id, NEW.agent_id, NEW.mda_id, NEW.revenue_head_code, NEW.state, 1, NEW.amount_kobo);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER pos_transactions_daily_totals_trg AFTER INSERT OR DELETE OR UPDATE ON pos_transactions FOR EACH ROW EXECUTE FUNCTION pos_transactions_daily_totals();--> statement-breakpoint
INSERT INTO pos_daily_totals (day, terminal_id, agent_id, mda_id, revenue_head_code, state, transactions, amount_kobo)
SELECT transaction_day, terminal_id, agent_id, mda_id, revenue_head_code, state, count(*)::int, sum(amount_kobo)::bigint
  FROM pos_transactions GROUP BY 1, 2, 3, 4, 5, 6;
