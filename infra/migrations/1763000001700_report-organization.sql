-- Up Migration
-- An impact report's organization, for who may see the report (docs/impact.md): its hosts too.
ALTER TABLE read.report_files ADD COLUMN organization_id uuid;

-- Down Migration
ALTER TABLE read.report_files DROP COLUMN organization_id;
