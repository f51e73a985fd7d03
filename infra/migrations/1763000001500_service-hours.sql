-- Up Migration
-- Service hours logged off the platform and their verification (docs/service-hours.md).
-- One row per log, written by the service-logs projection. Personal fields (description, the
-- verifier's name and email, the photo, the decision's reason) are null once the student is erased.
CREATE TABLE read.service_logs (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  -- A platform organization, or null with outside_organization naming one off the platform.
  organization_id uuid,
  outside_organization text,
  -- The Eastern date of the service and its 'YYYY-MM'.
  service_date date NOT NULL,
  month text NOT NULL,
  minutes integer NOT NULL,
  cause text NOT NULL,
  description text,
  verifier_name text,
  verifier_email text,
  photo text,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  logged_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by uuid,
  reason text,
  erased boolean NOT NULL DEFAULT false
);
CREATE INDEX service_logs_user_idx ON read.service_logs (user_id, logged_at DESC);
CREATE INDEX service_logs_pending_idx ON read.service_logs (organization_id, logged_at)
  WHERE status = 'pending';

-- The admins' scoring rules that are events, written by the points projection: one row once an
-- admin first set a rule, none before (read as the defaults: logged hours earn no points).
CREATE TABLE read.scoring_rules (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  logged_hours_earn_points boolean NOT NULL DEFAULT false
);

-- An approved log is a ledger line of its own: no opportunity, its log and its minutes (its points
-- are the minutes while the rule is on, 0 otherwise).
ALTER TABLE read.point_ledger ALTER COLUMN opportunity_id DROP NOT NULL;
ALTER TABLE read.point_ledger ADD COLUMN service_log_id uuid;
ALTER TABLE read.point_ledger ADD COLUMN logged_minutes integer;
ALTER TABLE read.point_ledger DROP CONSTRAINT point_ledger_reason_check;
ALTER TABLE read.point_ledger ADD CONSTRAINT point_ledger_reason_check
  CHECK (reason IN ('attendance', 'first_signup_bonus', 'logged_hours'));
CREATE INDEX point_ledger_logged_idx ON read.point_ledger (service_log_id)
  WHERE service_log_id IS NOT NULL;

-- A decision on a log is mailed to its student through the outbox (ids only in the payload).
ALTER TABLE outbox.messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE outbox.messages ADD CONSTRAINT messages_kind_check CHECK (kind IN ('reminder',
  'waitlist-promoted', 'friend-request', 'hours-approved', 'hours-rejected'));

-- Down Migration
DELETE FROM outbox.messages WHERE kind IN ('hours-approved', 'hours-rejected');
ALTER TABLE outbox.messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE outbox.messages ADD CONSTRAINT messages_kind_check
  CHECK (kind IN ('reminder', 'waitlist-promoted', 'friend-request'));
DROP INDEX read.point_ledger_logged_idx;
DELETE FROM read.point_ledger WHERE reason = 'logged_hours';
ALTER TABLE read.point_ledger DROP CONSTRAINT point_ledger_reason_check;
ALTER TABLE read.point_ledger ADD CONSTRAINT point_ledger_reason_check
  CHECK (reason IN ('attendance', 'first_signup_bonus'));
ALTER TABLE read.point_ledger DROP COLUMN logged_minutes;
ALTER TABLE read.point_ledger DROP COLUMN service_log_id;
ALTER TABLE read.point_ledger ALTER COLUMN opportunity_id SET NOT NULL;
DROP TABLE read.scoring_rules;
DROP TABLE read.service_logs;
