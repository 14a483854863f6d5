-- btree_gin lets one GIN index hold the MDA beside the payer name's words (ADR 0019).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "payments_mda_payer_name_words_idx" ON "payments" USING gin ("mda_id","payer_name_words");
