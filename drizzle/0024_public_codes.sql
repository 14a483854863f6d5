-- The unguessable codes of the public checks (ADR 0032): ten characters drawn from an alphabet
-- without look-alikes (no 0/O, 1/I/L), from PostgreSQL's strong random source (gen_random_uuid).
-- Two bytes per character, taken only from the random bytes of two version-4 UUIDs (not the
-- version and variant bytes 7 and 9): 65,536 mod 31 leaves a bias under 0.01 %. The column
-- default fills every existing row as the column is added, and every row inserted since.
CREATE FUNCTION revdesk_public_code() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + ((get_byte(r.b, 2 * i) * 256 + get_byte(r.b, 2 * i + 1)) % 31), 1), '' ORDER BY i)
  FROM (
    SELECT substring(uuid_send(u.a) FROM 1 FOR 6) || substring(uuid_send(u.a) FROM 10 FOR 7)
      || substring(uuid_send(u.b) FROM 1 FOR 6) || substring(uuid_send(u.b) FROM 10 FOR 7) AS b
    FROM (SELECT gen_random_uuid() AS a, gen_random_uuid() AS b) AS u
  ) AS r, generate_series(0, 9) AS i
$$;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "public_code" text DEFAULT revdesk_public_code() NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "public_code" text DEFAULT revdesk_public_code() NOT NULL;--> statement-breakpoint
ALTER TABLE "tccs" ADD COLUMN "public_code" text DEFAULT revdesk_public_code() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_public_code_key" ON "assessments" USING btree ("public_code");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_public_code_key" ON "payments" USING btree ("public_code");--> statement-breakpoint
CREATE UNIQUE INDEX "tccs_public_code_key" ON "tccs" USING btree ("public_code");