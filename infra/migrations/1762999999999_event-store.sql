-- Up Migration
CREATE SCHEMA IF NOT EXISTS es;

-- One row per stream: its current revision. Appends serialise per stream (on this row, or on a
-- per-stream advisory lock), never on a table.
CREATE TABLE es.streams (
  stream_id text PRIMARY KEY,
  revision bigint NOT NULL
) WITH (fillfactor = 80);

-- Three indexes, each with a reader: event id (idempotent appends), stream and revision (optimistic
-- concurrency, readStream), transaction and position (readAll, subscriptions).
CREATE TABLE es.events (
  global_position bigint GENERATED ALWAYS AS IDENTITY,
  -- Readers hand out only events whose transaction is below the snapshot's xmin, ordered by
  -- (transaction_id, global_position): sequence values alone can commit out of order.
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  stream_revision bigint NOT NULL,
  event_id uuid PRIMARY KEY,
  event_type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, stream_revision)
);
CREATE INDEX events_transaction_position_idx ON es.events (transaction_id, global_position);

-- Appends are single statements built by the adapter (infra/src/event-store/postgres), one round
-- trip each. They do not NOTIFY (that holds a cluster-wide lock through the commit's WAL flush and
-- serialises every append); the adapter sends NOTIFY es_events after the commit instead.
-- When an append is rejected (no row back, or a unique violation on events_pkey), this says
-- why, from the stored state. outcome: 'already_appended' when every id is stored in this stream,
-- in this order, with this content (a retry whose answer was lost: the original result is
-- returned); 'duplicate_event_id' when some id is stored otherwise (the first one is named);
-- null when none is stored, then actual_revision is the stream's revision (null: no stream).
CREATE FUNCTION es.diagnose_append(
  p_stream_id text,
  p_event_ids uuid[],
  p_types text[],
  p_data jsonb[],
  p_metadata jsonb[],
  OUT outcome text,
  OUT next_revision bigint,
  OUT txn xid8,
  OUT seq bigint,
  OUT conflicting_event_id uuid,
  OUT actual_revision bigint
)
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  v_count integer := cardinality(p_event_ids);
  v_found integer;
  v_is_retry boolean;
BEGIN
  SELECT count(*)::integer,
         count(*) = v_count
           AND bool_and(e.stream_id = p_stream_id AND e.event_type = u.event_type
                        AND e.data = u.data AND e.metadata = u.metadata)
           AND count(DISTINCT e.stream_revision - u.ord) = 1
    INTO v_found, v_is_retry
    FROM unnest(p_event_ids, p_types, p_data, p_metadata) WITH ORDINALITY
           AS u(event_id, event_type, data, metadata, ord)
    JOIN es.events e ON e.event_id = u.event_id;

  IF v_found = 0 THEN
    SELECT revision INTO actual_revision FROM es.streams WHERE stream_id = p_stream_id;
  ELSIF v_is_retry THEN
    SELECT 'already_appended', e.stream_revision, e.transaction_id, e.global_position
      INTO outcome, next_revision, txn, seq
      FROM es.events e
     WHERE e.event_id = p_event_ids[v_count];
  ELSE
    SELECT 'duplicate_event_id', u.event_id
      INTO outcome, conflicting_event_id
      FROM unnest(p_event_ids) WITH ORDINALITY AS u(event_id, ord)
      JOIN es.events e ON e.event_id = u.event_id
     ORDER BY u.ord
     LIMIT 1;
  END IF;
END;
$$;

-- Down Migration
DROP SCHEMA es CASCADE;
