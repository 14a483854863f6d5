DROP INDEX "bank_statement_lines_payment_key";--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "match_window_days" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_payment_idx" ON "bank_statement_lines" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_payment_key" ON "bank_statement_lines" USING btree ("payment_id") WHERE "bank_statement_lines"."rule" is distinct from 'split';--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_match_window" CHECK ("bank_accounts"."match_window_days" between 0 and 31);