CREATE TYPE "public"."bank" AS ENUM('fidelity');--> statement-breakpoint
CREATE TYPE "public"."statement_direction" AS ENUM('credit', 'debit');--> statement-breakpoint
CREATE TYPE "public"."statement_line_state" AS ENUM('matched', 'ambiguous', 'unmatched', 'not-revenue');--> statement-breakpoint
CREATE TYPE "public"."pos_arrival" AS ENUM('push', 'pull', 'file');--> statement-breakpoint
CREATE TYPE "public"."pos_provider" AS ENUM('benjis');--> statement-breakpoint
CREATE TYPE "public"."pos_transaction_state" AS ENUM('recorded', 'held', 'declined', 'reversed', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."pos_transaction_status" AS ENUM('approved', 'declined', 'reversed');--> statement-breakpoint
ALTER TYPE "public"."payment_arrival" ADD VALUE 'push';--> statement-breakpoint
ALTER TYPE "public"."payment_arrival" ADD VALUE 'pull';--> statement-breakpoint
ALTER TYPE "public"."payment_arrival" ADD VALUE 'file';--> statement-breakpoint
ALTER TYPE "public"."payment_arrival" ADD VALUE 'statement';--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank" "bank" NOT NULL,
	"account_number" text NOT NULL,
	"name" text NOT NULL,
	"mda_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_nuban" CHECK ("bank_accounts"."account_number" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "bank_reconciliation_sign_offs" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"figures" jsonb NOT NULL,
	"signed_off_by" uuid NOT NULL,
	"signed_off_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "bank_reconciliation_sign_offs_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"bank_reference" text NOT NULL,
	"value_date" date NOT NULL,
	"posted_at" timestamp with time zone,
	"direction" "statement_direction" NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"narration" text NOT NULL,
	"state" "statement_line_state",
	"payment_id" uuid,
	"rule" text,
	"candidate_payment_ids" uuid[],
	"state_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_amount_positive" CHECK ("bank_statement_lines"."amount_kobo" > 0),
	CONSTRAINT "bank_statement_lines_credit_state" CHECK (("bank_statement_lines"."direction" = 'credit') = ("bank_statement_lines"."state" is not null)),
	CONSTRAINT "bank_statement_lines_matched_has_payment" CHECK ("bank_statement_lines"."state" is distinct from 'matched' or "bank_statement_lines"."payment_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "pos_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"mda_id" uuid NOT NULL,
	"lga" text,
	"officer_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_terminal_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_id" uuid NOT NULL,
	"agent_id" uuid,
	"mda_id" uuid NOT NULL,
	"revenue_head_code" text,
	"is_active" boolean NOT NULL,
	"reason" text,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_terminals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" "pos_provider" NOT NULL,
	"terminal_id" text NOT NULL,
	"serial_number" text NOT NULL,
	"agent_id" uuid,
	"mda_id" uuid NOT NULL,
	"revenue_head_code" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" "pos_provider" NOT NULL,
	"terminal_id" text NOT NULL,
	"stan" text NOT NULL,
	"rrn" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"transacted_at" timestamp with time zone NOT NULL,
	"transaction_day" date GENERATED ALWAYS AS ((timezone('Africa/Lagos', transacted_at))::date) STORED NOT NULL,
	"status" "pos_transaction_status" NOT NULL,
	"state" "pos_transaction_state" NOT NULL,
	"arrival" "pos_arrival" NOT NULL,
	"revenue_head_code" text,
	"payer_name" text,
	"payer_phone" text,
	"agent_id" uuid,
	"mda_id" uuid,
	"payment_id" uuid,
	"review_note" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_transactions_amount_positive" CHECK ("pos_transactions"."amount_kobo" > 0),
	CONSTRAINT "pos_transactions_recorded_has_payment" CHECK ("pos_transactions"."state" not in ('recorded', 'reversed') or "pos_transactions"."payment_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_sign_offs" ADD CONSTRAINT "bank_reconciliation_sign_offs_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_sign_offs" ADD CONSTRAINT "bank_reconciliation_sign_offs_signed_off_by_officers_id_fk" FOREIGN KEY ("signed_off_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_decided_by_officers_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_agents" ADD CONSTRAINT "pos_agents_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_agents" ADD CONSTRAINT "pos_agents_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_agents" ADD CONSTRAINT "pos_agents_created_by_officers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_terminal_assignments" ADD CONSTRAINT "pos_terminal_assignments_terminal_id_pos_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."pos_terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_terminal_assignments" ADD CONSTRAINT "pos_terminal_assignments_agent_id_pos_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."pos_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_terminal_assignments" ADD CONSTRAINT "pos_terminal_assignments_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_terminal_assignments" ADD CONSTRAINT "pos_terminal_assignments_changed_by_officers_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_terminals" ADD CONSTRAINT "pos_terminals_agent_id_pos_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."pos_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_terminals" ADD CONSTRAINT "pos_terminals_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_transactions" ADD CONSTRAINT "pos_transactions_agent_id_pos_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."pos_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_transactions" ADD CONSTRAINT "pos_transactions_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_transactions" ADD CONSTRAINT "pos_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_transactions" ADD CONSTRAINT "pos_transactions_reviewed_by_officers_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_number_key" ON "bank_accounts" USING btree ("account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_once_key" ON "bank_statement_lines" USING btree ("account_id","bank_reference");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_account_day_idx" ON "bank_statement_lines" USING btree ("account_id","value_date","id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_state_idx" ON "bank_statement_lines" USING btree ("account_id","state","value_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_payment_key" ON "bank_statement_lines" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_agents_officer_key" ON "pos_agents" USING btree ("officer_id");--> statement-breakpoint
CREATE INDEX "pos_agents_mda_idx" ON "pos_agents" USING btree ("mda_id");--> statement-breakpoint
CREATE INDEX "pos_agents_name_idx" ON "pos_agents" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "pos_terminal_assignments_terminal_idx" ON "pos_terminal_assignments" USING btree ("terminal_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_terminals_provider_terminal_key" ON "pos_terminals" USING btree ("provider","terminal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_terminals_serial_key" ON "pos_terminals" USING btree ("provider","serial_number");--> statement-breakpoint
CREATE INDEX "pos_terminals_agent_idx" ON "pos_terminals" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "pos_terminals_mda_idx" ON "pos_terminals" USING btree ("mda_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_transactions_once_key" ON "pos_transactions" USING btree ("provider","terminal_id","stan","transaction_day");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_transactions_payment_key" ON "pos_transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "pos_transactions_transacted_at_idx" ON "pos_transactions" USING btree ("transacted_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "pos_transactions_terminal_day_idx" ON "pos_transactions" USING btree ("terminal_id","transaction_day");--> statement-breakpoint
CREATE INDEX "pos_transactions_mda_day_idx" ON "pos_transactions" USING btree ("mda_id","transaction_day");--> statement-breakpoint
CREATE INDEX "pos_transactions_agent_day_idx" ON "pos_transactions" USING btree ("agent_id","transaction_day");--> statement-breakpoint
CREATE INDEX "pos_transactions_rrn_idx" ON "pos_transactions" USING btree ("rrn");--> statement-breakpoint
CREATE INDEX "pos_transactions_held_idx" ON "pos_transactions" USING btree ("created_at") WHERE "pos_transactions"."state" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_received_source_key" ON "payments" USING btree ("channel","source_reference") WHERE "payments"."channel" in ('pos', 'bank');