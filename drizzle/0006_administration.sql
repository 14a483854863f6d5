CREATE TYPE "public"."mda_category" AS ENUM('ministry', 'department', 'agency', 'lga');--> statement-breakpoint
CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" "bytea"
);
--> statement-breakpoint
CREATE TABLE "mda_revenue_heads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mda_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"default_amount_kobo" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" "bytea";--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" "bytea";--> statement-breakpoint
ALTER TABLE "mdas" ADD COLUMN "short_name" text;--> statement-breakpoint
ALTER TABLE "mdas" ADD COLUMN "category" "mda_category" DEFAULT 'agency' NOT NULL;--> statement-breakpoint
ALTER TABLE "mdas" ADD COLUMN "remita_merchant_id" text;--> statement-breakpoint
ALTER TABLE "mdas" ADD COLUMN "remita_api_key_encrypted" text;--> statement-breakpoint
ALTER TABLE "mdas" ADD COLUMN "remita_service_type_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "officers" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "mda_revenue_heads" ADD CONSTRAINT "mda_revenue_heads_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mda_revenue_heads_mda_code_key" ON "mda_revenue_heads" USING btree ("mda_id","code");--> statement-breakpoint
CREATE INDEX "mda_revenue_heads_code_idx" ON "mda_revenue_heads" USING btree ("code");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_seq_key" ON "audit_events" USING btree ("chain_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "mdas_name_lower_key" ON "mdas" USING btree (lower("name"));;--> statement-breakpoint
-- The audit trail is hash-chained (ADR 0007). What a row says, as bytes: the same text for the
-- same row on every server and in every session (UTC, jsonb's own normal form). The chain
-- columns are not part of it.
CREATE FUNCTION audit_event_content(e audit_events) RETURNS bytea LANGUAGE sql STABLE AS $$
  SELECT convert_to(
    jsonb_build_array(
      e.id,
      to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      e.actor_id, e.actor_username, e.action, e.entity_type, e.entity_id,
      e.before, e.after, e.request_id, e.ip
    )::text,
    'UTF8'
  )
$$;
--> statement-breakpoint
-- The end of the chain. Every insert locks this one row until its transaction ends, so the
-- chain has one order even when ids are taken in another; chain_seq records that order.
INSERT INTO audit_chain_head (id, last_seq, last_hash) VALUES (1, 0, NULL);
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_kept
  BEFORE DELETE OR TRUNCATE ON audit_chain_head
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
-- Rows written before the chain existed are chained now, in the order of their ids.
ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only;
--> statement-breakpoint
DO $$
DECLARE
  r audit_events;
  prev bytea := NULL;
  seq bigint := 0;
  digest bytea;
BEGIN
  FOR r IN SELECT * FROM audit_events ORDER BY id LOOP
    seq := seq + 1;
    digest := sha256(coalesce(prev, ''::bytea) || audit_event_content(r));
    UPDATE audit_events SET chain_seq = seq, prev_hash = prev, hash = digest WHERE id = r.id;
    prev := digest;
  END LOOP;
  UPDATE audit_chain_head SET last_seq = seq, last_hash = prev WHERE id = 1;
END;
$$;
--> statement-breakpoint
ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only;
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "chain_seq" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "hash" SET NOT NULL;
--> statement-breakpoint
-- hash = SHA-256(hash of the row before ‖ audit_event_content(row)); the first row has no before.
CREATE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head;
BEGIN
  SELECT * INTO STRICT head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  NEW.chain_seq := head.last_seq + 1;
  NEW.prev_hash := head.last_hash;
  NEW.hash := sha256(coalesce(head.last_hash, ''::bytea) || audit_event_content(NEW));
  UPDATE audit_chain_head SET last_seq = NEW.chain_seq, last_hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain
  BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_chain();
