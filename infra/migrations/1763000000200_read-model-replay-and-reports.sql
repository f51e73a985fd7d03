-- Up Migration
-- Replays, reports and leaderboards as of a past date (docs/adr/0008-read-model-replay-and-reports.md).

-- Operations helpers live outside `read`, which a replay renames.
CREATE SCHEMA IF NOT EXISTS ops;

-- The one definition of a shadow read model: every table of `p_source` cloned into a fresh
-- `p_target` with LIKE ... INCLUDING ALL (columns, defaults, identity, checks, indexes), then each
-- copied index renamed to its original's name, so later migrations find the same names after a swap.
CREATE FUNCTION ops.clone_schema_tables(p_source text, p_target text) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_table record;
  v_index record;
  v_count integer := 0;
BEGIN
  IF p_source = p_target THEN
    RAISE EXCEPTION 'cannot clone schema % onto itself', p_source;
  END IF;
  EXECUTE format('DROP SCHEMA IF EXISTS %I CASCADE', p_target);
  EXECUTE format('CREATE SCHEMA %I', p_target);
  FOR v_table IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = p_source AND c.relkind IN ('r', 'p') ORDER BY c.relname
  LOOP
    EXECUTE format('CREATE TABLE %I.%I (LIKE %I.%I INCLUDING ALL)',
      p_target, v_table.relname, p_source, v_table.relname);
    FOR v_index IN
      WITH defs AS (
        SELECT n.nspname AS schema_name, ic.relname AS index_name,
               x.indisprimary, x.indisunique,
               regexp_replace(pg_get_indexdef(ic.oid), '^.* USING ', '') AS def
          FROM pg_index x
          JOIN pg_class ic ON ic.oid = x.indexrelid
          JOIN pg_class tc ON tc.oid = x.indrelid
          JOIN pg_namespace n ON n.oid = tc.relnamespace
         WHERE n.nspname IN (p_source, p_target) AND tc.relname = v_table.relname
      ), numbered AS (
        SELECT *, row_number() OVER (PARTITION BY schema_name, indisprimary, indisunique, def
                                     ORDER BY index_name) AS ord
          FROM defs
      )
      SELECT src.index_name AS wanted, dst.index_name AS actual
        FROM numbered src
        JOIN numbered dst ON dst.schema_name = p_target AND src.schema_name = p_source
         AND (dst.indisprimary, dst.indisunique, dst.def, dst.ord)
           = (src.indisprimary, src.indisunique, src.def, src.ord)
       WHERE src.index_name <> dst.index_name
    LOOP
      -- Renaming a constraint's index renames the constraint too.
      EXECUTE format('ALTER INDEX %I.%I RENAME TO %I', p_target, v_index.actual, v_index.wanted);
    END LOOP;
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END;
$$;

-- Membership periods (organizations projection): who belonged to an organization when, so a
-- leaderboard as of a past date sums the members of that date. Existing memberships are carried
-- over as open periods; a replay of `organizations` rebuilds the full history from the events.
CREATE TABLE read.membership_periods (
  organization_id uuid NOT NULL,
  user_id uuid NOT NULL,
  joined_at timestamptz NOT NULL,
  left_at timestamptz,
  PRIMARY KEY (organization_id, user_id, joined_at)
);
CREATE INDEX membership_periods_open_idx ON read.membership_periods (organization_id, user_id)
  WHERE left_at IS NULL;
INSERT INTO read.membership_periods (organization_id, user_id, joined_at)
SELECT organization_id, user_id, joined_at FROM read.memberships;

-- Report files built by the `reports` jobs (CSV in REPORTS_DIR). Not a projection: a replay
-- carries these rows over into the new read model.
CREATE TABLE read.report_files (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('users', 'opportunities', 'service-data')),
  start_date date,
  end_date date,
  -- The download name: users.csv, opportunities.csv, service_data_{start}_to_{end}.csv.
  file_name text NOT NULL,
  -- Relative to REPORTS_DIR.
  path text NOT NULL,
  -- The read model's visible position the report was built at, `<txn>.<seq>`.
  position text NOT NULL,
  row_count integer NOT NULL,
  byte_size bigint NOT NULL,
  requested_by uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_files_created_idx ON read.report_files (created_at DESC);

-- Down Migration
DROP TABLE read.report_files;
DROP TABLE read.membership_periods;
DROP SCHEMA ops CASCADE;
