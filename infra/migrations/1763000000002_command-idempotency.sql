-- Up Migration
-- Idempotency-Key records of the command service: a retried command replays the first answer.
CREATE SCHEMA IF NOT EXISTS cmd;
CREATE TABLE cmd.idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  status integer,
  body jsonb,
  consistency_token text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created_idx ON cmd.idempotency_keys (created_at);

-- Down Migration
DROP SCHEMA cmd CASCADE;
