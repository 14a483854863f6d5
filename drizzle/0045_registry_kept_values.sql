CREATE TABLE "taxpayer_last_activity" (
	"btin" text PRIMARY KEY NOT NULL,
	"registered_on" date NOT NULL,
	"active_on" date
);
--> statement-breakpoint
CREATE TABLE "taxpayer_match_values" (
	"rule" text NOT NULL,
	"value" text NOT NULL,
	"holders" integer NOT NULL,
	CONSTRAINT "taxpayer_match_values_rule_value_pk" PRIMARY KEY("rule","value")
);
--> statement-breakpoint
CREATE INDEX "taxpayer_last_activity_last_idx" ON "taxpayer_last_activity" USING btree (greatest("registered_on", "active_on"));--> statement-breakpoint
CREATE INDEX "taxpayer_match_values_shared_idx" ON "taxpayer_match_values" USING btree ("rule","value") WHERE "taxpayer_match_values"."holders" > 1;--> statement-breakpoint
CREATE INDEX "taxpayers_individual_nin_idx" ON "taxpayers" USING btree (coalesce("nin", "national_tax_id")) WHERE "taxpayers"."kind" = 'individual';--> statement-breakpoint
CREATE INDEX "taxpayers_individual_name_dob_idx" ON "taxpayers" USING btree ("date_of_birth",lower("first_name"),lower("last_name")) WHERE "taxpayers"."kind" = 'individual' and "taxpayers"."date_of_birth" is not null;--> statement-breakpoint
-- Hand-written below. The values each taxpayer holds under the registry's duplicate rules
-- (indicators/registry.ts, docs/indicators.md "Likely duplicate taxpayers"), and the two gaps
-- the figure counts beside them. The name rule's key is the date of birth and the lower-cased
-- first and last names, joined by the unit separator (chr(31)) so that no split of a name
-- between its parts can make two different people's keys equal; registry.ts splits it again to
-- read taxpayers_individual_name_dob_idx.
CREATE FUNCTION taxpayer_match_keys(t taxpayers) RETURNS TABLE (rule text, value text)
LANGUAGE sql STABLE AS $$
  SELECT 'nin', coalesce(t.nin, t.national_tax_id)
   WHERE t.kind = 'individual' AND coalesce(t.nin, t.national_tax_id) IS NOT NULL
  UNION ALL
  SELECT 'phone', t.phone WHERE t.phone IS NOT NULL
  UNION ALL
  SELECT 'email', t.email WHERE t.email IS NOT NULL
  UNION ALL
  SELECT 'name', to_char(t.date_of_birth, 'YYYY-MM-DD') || chr(31) || lower(t.first_name)
                 || chr(31) || lower(t.last_name)
   WHERE t.kind = 'individual' AND t.date_of_birth IS NOT NULL
  UNION ALL
  SELECT 'no-national-id', ''
   WHERE t.nin IS NULL AND t.national_tax_id IS NULL AND t.cac_number IS NULL
  UNION ALL
  SELECT 'no-phone', '' WHERE t.phone IS NULL
$$;
--> statement-breakpoint
-- What taxpayer_match_values should hold: the rebuild and verify commands read it
-- (src/server/cli/rollups.ts), and the backfill below.
CREATE VIEW taxpayer_match_values_recount AS
  SELECT k.rule, k.value, count(*)::integer AS holders
    FROM taxpayers t, taxpayer_match_keys(t) k
   GROUP BY k.rule, k.value;
--> statement-breakpoint
-- Adds a statement's net moves (rule, value, n) in key order, so two registrations sharing
-- values queue on them instead of deadlocking; a value nobody holds any more is deleted.
CREATE FUNCTION taxpayer_match_values_add(moves jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO taxpayer_match_values AS v (rule, value, holders)
    SELECT m.rule, m.value, sum(m.n) FROM jsonb_to_recordset(moves) AS m(rule text, value text, n integer)
     GROUP BY 1, 2 HAVING sum(m.n) <> 0 ORDER BY 1, 2
    ON CONFLICT (rule, value) DO UPDATE SET holders = v.holders + excluded.holders;
  DELETE FROM taxpayer_match_values v
   USING jsonb_to_recordset(moves) AS m(rule text, value text, n integer)
   WHERE v.rule = m.rule AND v.value = m.value AND v.holders <= 0;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION taxpayer_match_values_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moves jsonb;
BEGIN
  SELECT jsonb_agg(g) INTO moves FROM (
    SELECT k.rule, k.value, count(*) AS n
      FROM added_taxpayers a, taxpayer_match_keys(a) k GROUP BY 1, 2) g;
  IF moves IS NOT NULL THEN PERFORM taxpayer_match_values_add(moves); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION taxpayer_match_values_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moves jsonb;
BEGIN
  SELECT jsonb_agg(g) INTO moves FROM (
    SELECT k.rule, k.value, -count(*) AS n
      FROM removed_taxpayers r, taxpayer_match_keys(r) k GROUP BY 1, 2) g;
  IF moves IS NOT NULL THEN PERFORM taxpayer_match_values_add(moves); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An edit moves only what changed: the new values less the old. Statement triggers cannot name
-- columns when they read transition tables, so this runs on every update of taxpayers; an edit
-- of the address or a version bump finds the same keys on both sides and writes nothing.
CREATE FUNCTION taxpayer_match_values_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moves jsonb;
BEGIN
  SELECT jsonb_agg(g) INTO moves FROM (
    SELECT rule, value, sum(n) AS n FROM (
      SELECT k.rule, k.value, 1 AS n FROM after_taxpayers a, taxpayer_match_keys(a) k
      UNION ALL
      SELECT k.rule, k.value, -1 FROM before_taxpayers b, taxpayer_match_keys(b) k
    ) x GROUP BY 1, 2 HAVING sum(n) <> 0) g;
  IF moves IS NOT NULL THEN PERFORM taxpayer_match_values_add(moves); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION taxpayer_match_values_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM taxpayer_match_values;
  DELETE FROM taxpayer_last_activity;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER taxpayer_match_values_on_insert AFTER INSERT ON taxpayers
  REFERENCING NEW TABLE AS added_taxpayers
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_match_values_on_insert();
--> statement-breakpoint
CREATE TRIGGER taxpayer_match_values_on_delete AFTER DELETE ON taxpayers
  REFERENCING OLD TABLE AS removed_taxpayers
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_match_values_on_delete();
--> statement-breakpoint
CREATE TRIGGER taxpayer_match_values_on_update AFTER UPDATE ON taxpayers
  REFERENCING OLD TABLE AS before_taxpayers NEW TABLE AS after_taxpayers
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_match_values_on_update();
--> statement-breakpoint
CREATE TRIGGER taxpayer_match_values_on_truncate AFTER TRUNCATE ON taxpayers
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_match_values_clear();
--> statement-breakpoint
-- The last sign of life of each taxpayer: registered on (Lagos), and the last Lagos day an
-- assessment was issued to them or a payment naming them was paid, whatever became of either
-- later (a cancellation or reversal does not take it back, so the triggers only ever raise it).
CREATE VIEW taxpayer_last_activity_recount AS
  SELECT t.btin, (timezone('Africa/Lagos', t.created_at))::date AS registered_on,
         greatest(p.day, a.day) AS active_on
    FROM taxpayers t
    LEFT JOIN (SELECT btin, max((timezone('Africa/Lagos', paid_at))::date) AS day
                 FROM payments
                WHERE status IN ('paid', 'reversed') AND btin IS NOT NULL AND paid_at IS NOT NULL
                GROUP BY btin) p ON p.btin = t.btin
    LEFT JOIN (SELECT btin, max((timezone('Africa/Lagos', issued_at))::date) AS day
                 FROM assessments WHERE issued_at IS NOT NULL GROUP BY btin) a ON a.btin = t.btin;
--> statement-breakpoint
-- Raises active_on to the latest of a statement's days per BTIN. Rows already as late are
-- skipped before any lock (a burst of one taxpayer's payments in a day writes once, then only
-- reads the row); the rest are locked in BTIN order so two statements cannot deadlock.
CREATE FUNCTION taxpayer_last_activity_raise(btins text[], days date[]) RETURNS void
LANGUAGE sql AS $$
  WITH p AS (
    SELECT btin, max(day) AS day FROM unnest(btins, days) AS x(btin, day) GROUP BY btin
  ), due AS (
    SELECT l.btin, p.day FROM taxpayer_last_activity l JOIN p ON p.btin = l.btin
     WHERE l.active_on IS NULL OR l.active_on < p.day
     ORDER BY l.btin FOR UPDATE OF l
  )
  UPDATE taxpayer_last_activity l SET active_on = greatest(l.active_on, due.day)
    FROM due WHERE l.btin = due.btin;
$$;
--> statement-breakpoint
CREATE FUNCTION taxpayer_last_activity_on_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE btins text[]; days date[];
BEGIN
  SELECT array_agg(btin), array_agg((timezone('Africa/Lagos', paid_at))::date) INTO btins, days
    FROM changed_payments
   WHERE status IN ('paid', 'reversed') AND btin IS NOT NULL AND paid_at IS NOT NULL;
  IF btins IS NOT NULL THEN PERFORM taxpayer_last_activity_raise(btins, days); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION taxpayer_last_activity_on_assessment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE btins text[]; days date[];
BEGIN
  SELECT array_agg(btin), array_agg((timezone('Africa/Lagos', issued_at))::date) INTO btins, days
    FROM changed_assessments WHERE issued_at IS NOT NULL;
  IF btins IS NOT NULL THEN PERFORM taxpayer_last_activity_raise(btins, days); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION taxpayer_last_activity_on_register() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO taxpayer_last_activity AS l (btin, registered_on)
    SELECT btin, (timezone('Africa/Lagos', created_at))::date FROM added_taxpayers ORDER BY btin
    ON CONFLICT (btin) DO UPDATE SET registered_on = excluded.registered_on;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A registration date corrected (or a BTIN, which payments' foreign key forbids once used)
-- moves the row; anything else writes nothing.
CREATE FUNCTION taxpayer_last_activity_on_taxpayer_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE taxpayer_last_activity l
     SET btin = a.btin, registered_on = (timezone('Africa/Lagos', a.created_at))::date
    FROM before_taxpayers b JOIN after_taxpayers a ON a.id = b.id
   WHERE l.btin = b.btin
     AND (a.btin <> b.btin
          OR (timezone('Africa/Lagos', a.created_at))::date
             <> (timezone('Africa/Lagos', b.created_at))::date);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION taxpayer_last_activity_on_unregister() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM taxpayer_last_activity l USING removed_taxpayers r WHERE l.btin = r.btin;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER taxpayer_last_activity_on_insert AFTER INSERT ON taxpayers
  REFERENCING NEW TABLE AS added_taxpayers
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_last_activity_on_register();
--> statement-breakpoint
CREATE TRIGGER taxpayer_last_activity_on_update AFTER UPDATE ON taxpayers
  REFERENCING OLD TABLE AS before_taxpayers NEW TABLE AS after_taxpayers
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_last_activity_on_taxpayer_update();
--> statement-breakpoint
CREATE TRIGGER taxpayer_last_activity_on_delete AFTER DELETE ON taxpayers
  REFERENCING OLD TABLE AS removed_taxpayers
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_last_activity_on_unregister();
--> statement-breakpoint
CREATE TRIGGER taxpayer_last_activity_after_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS changed_payments
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_last_activity_on_payment();
--> statement-breakpoint
CREATE TRIGGER taxpayer_last_activity_after_update AFTER UPDATE ON payments
  REFERENCING NEW TABLE AS changed_payments
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_last_activity_on_payment();
--> statement-breakpoint
CREATE TRIGGER taxpayer_last_activity_after_insert AFTER INSERT ON assessments
  REFERENCING NEW TABLE AS changed_assessments
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_last_activity_on_assessment();
--> statement-breakpoint
CREATE TRIGGER taxpayer_last_activity_after_update AFTER UPDATE ON assessments
  REFERENCING NEW TABLE AS changed_assessments
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_last_activity_on_assessment();
--> statement-breakpoint
-- After the triggers, which hold their tables' locks until the migration commits: no row can
-- be written between these counts and the first counted write.
INSERT INTO taxpayer_match_values (rule, value, holders)
  SELECT rule, value, holders FROM taxpayer_match_values_recount;
--> statement-breakpoint
INSERT INTO taxpayer_last_activity (btin, registered_on, active_on)
  SELECT btin, registered_on, active_on FROM taxpayer_last_activity_recount;
