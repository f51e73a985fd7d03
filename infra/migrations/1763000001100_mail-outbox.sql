-- Up Migration
-- The mail outbox (docs/adr/0011-outbox-and-transcripts.md). It lives outside `read`, which a
-- replay renames and rebuilds, so a replay never touches what was queued or sent.
CREATE SCHEMA IF NOT EXISTS outbox;

-- One row per message, keyed by an id derived from what caused it (the event, or the
-- opportunity, user and kind): queuing the same message twice is a no-op. No address is kept:
-- it is read from the person's sealed data when the message is sent.
CREATE TABLE outbox.messages (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('reminder', 'waitlist-promoted', 'friend-request')),
  user_id uuid NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'skipped', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz
);
CREATE INDEX messages_pending_idx ON outbox.messages (next_attempt_at) WHERE status = 'pending';

-- How far the outbox has read the event log; written in the transaction that queues messages.
CREATE TABLE outbox.checkpoint (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  txn numeric(20, 0) NOT NULL,
  seq numeric(20, 0) NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP SCHEMA outbox CASCADE;
