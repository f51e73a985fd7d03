-- Up Migration
-- One data key per data subject. Erasure deletes the row: whatever it sealed in the event log
-- becomes unreadable for good, replays included.
CREATE SCHEMA IF NOT EXISTS pii;
CREATE TABLE pii.subject_keys (
  subject text PRIMARY KEY,
  key bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE pii.erasures (
  subject text PRIMARY KEY,
  erased_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP SCHEMA pii CASCADE;
