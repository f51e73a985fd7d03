-- Up Migration
-- The impact dashboard (docs/impact.md): the facts it counts, written by the `impact` projection
-- from the events alone (it reads no other read model's rows).

-- The opportunities as the impact projection knows them: name, hosting organization and causes,
-- and who is registered (signed up and not withdrawn), for the no-show rate of their attendance.
CREATE TABLE read.impact_opportunities (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  organization_id uuid,
  causes text[] NOT NULL DEFAULT '{}',
  registered uuid[] NOT NULL DEFAULT '{}'
);

-- One row per person and service: each person marked present at an attendance (source_id: the
-- AttendanceMarked event), with the opportunity's organization and causes when it was marked, and
-- each approved service log (source_id: the log). service_date is the Eastern date of the service;
-- recorded_at when it was recorded (the attendance's or the approval's time), for "as of" a date.
CREATE TABLE read.impact_service (
  source_id uuid NOT NULL,
  user_id uuid NOT NULL,
  opportunity_id uuid,
  organization_id uuid,
  causes text[] NOT NULL DEFAULT '{}',
  service_date date NOT NULL,
  minutes integer NOT NULL,
  recorded_at timestamptz NOT NULL,
  PRIMARY KEY (source_id, user_id)
);
CREATE INDEX impact_service_date_idx ON read.impact_service (service_date);
CREATE INDEX impact_service_organization_idx ON read.impact_service (organization_id, service_date);

-- Per marked attendance, each person registered when it was marked and whether they were present.
CREATE TABLE read.impact_registrations (
  source_id uuid NOT NULL,
  user_id uuid NOT NULL,
  opportunity_id uuid NOT NULL,
  organization_id uuid,
  service_date date NOT NULL,
  attended boolean NOT NULL,
  recorded_at timestamptz NOT NULL,
  PRIMARY KEY (source_id, user_id)
);
CREATE INDEX impact_registrations_date_idx ON read.impact_registrations (service_date);
CREATE INDEX impact_registrations_organization_idx
  ON read.impact_registrations (organization_id, service_date);

-- Each person's academic level as registered: null when none was given, and once they are erased.
CREATE TABLE read.impact_people (
  user_id uuid PRIMARY KEY,
  academic_level text
);

-- A table of the dashboard is a report job too.
ALTER TABLE read.report_files DROP CONSTRAINT report_files_kind_check;
ALTER TABLE read.report_files ADD CONSTRAINT report_files_kind_check
  CHECK (kind IN ('users', 'opportunities', 'service-data', 'impact'));

-- Down Migration
DELETE FROM read.report_files WHERE kind = 'impact';
ALTER TABLE read.report_files DROP CONSTRAINT report_files_kind_check;
ALTER TABLE read.report_files ADD CONSTRAINT report_files_kind_check
  CHECK (kind IN ('users', 'opportunities', 'service-data'));
DROP TABLE read.impact_people;
DROP TABLE read.impact_registrations;
DROP TABLE read.impact_service;
DROP TABLE read.impact_opportunities;
