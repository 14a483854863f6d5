CREATE TABLE "taxpayer_counts" (
	"kind" "taxpayer_kind" PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "taxpayers_display_name_knn_idx" ON "taxpayers" USING gist (lower("display_name") gist_trgm_ops(siglen=64));--> statement-breakpoint
-- taxpayer_counts follows every insert, delete, truncate and change of kind, in the same
-- transaction. Inserts and deletes are counted once per statement (transition tables), so a
-- bulk import of a million rows costs one update, not a million. Kinds are locked in order,
-- so two imports of both kinds cannot deadlock on the counters.
CREATE FUNCTION taxpayer_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO taxpayer_counts AS c (kind, total)
    SELECT kind, count(*) FROM added_taxpayers GROUP BY kind ORDER BY kind
    ON CONFLICT (kind) DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION taxpayer_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed record;
BEGIN
  FOR removed IN SELECT kind, count(*) AS n FROM removed_taxpayers GROUP BY kind ORDER BY kind LOOP
    UPDATE taxpayer_counts SET total = total - removed.n WHERE kind = removed.kind;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION taxpayer_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE taxpayer_counts SET total = total - 1 WHERE kind = OLD.kind;
  INSERT INTO taxpayer_counts AS c (kind, total) VALUES (NEW.kind, 1)
    ON CONFLICT (kind) DO UPDATE SET total = c.total + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION taxpayer_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE taxpayer_counts SET total = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER taxpayer_counts_on_insert AFTER INSERT ON taxpayers
  REFERENCING NEW TABLE AS added_taxpayers
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_counts_add();
--> statement-breakpoint
CREATE TRIGGER taxpayer_counts_on_delete AFTER DELETE ON taxpayers
  REFERENCING OLD TABLE AS removed_taxpayers
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_counts_remove();
--> statement-breakpoint
CREATE TRIGGER taxpayer_counts_on_kind_change AFTER UPDATE OF kind ON taxpayers
  FOR EACH ROW WHEN (OLD.kind IS DISTINCT FROM NEW.kind) EXECUTE FUNCTION taxpayer_counts_move();
--> statement-breakpoint
CREATE TRIGGER taxpayer_counts_on_truncate AFTER TRUNCATE ON taxpayers
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_counts_clear();
--> statement-breakpoint
-- After the triggers: they hold a lock on taxpayers until the migration commits, so no row
-- can be added between this count and the first counted insert.
INSERT INTO taxpayer_counts (kind, total) SELECT kind, count(*) FROM taxpayers GROUP BY kind;
