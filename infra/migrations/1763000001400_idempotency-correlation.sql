-- Up Migration
-- A claim of an Idempotency-Key names the correlation id its command's events carry and the
-- transaction that claimed it (the command's events are appended in later transactions). A claim
-- still unanswered long after its command could have finished was abandoned (the service was
-- killed, or Postgres went down mid-command): a retry checks es.events for that correlation id
-- and either answers that the first request was applied or takes the claim over.
ALTER TABLE cmd.idempotency_keys ADD COLUMN correlation_id text;
ALTER TABLE cmd.idempotency_keys ADD COLUMN claim_xid xid8;

-- Down Migration
ALTER TABLE cmd.idempotency_keys DROP COLUMN claim_xid;
ALTER TABLE cmd.idempotency_keys DROP COLUMN correlation_id;
