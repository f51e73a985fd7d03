-- Up Migration
-- QR check-in (docs/adr/0012-check-in-and-scoring-preview.md): who checked in on site, per
-- opportunity, written by the check-ins projection from ParticipantCheckedIn.
CREATE TABLE read.check_ins (
  opportunity_id uuid NOT NULL,
  user_id uuid NOT NULL,
  checked_in_at timestamptz NOT NULL,
  PRIMARY KEY (opportunity_id, user_id)
);

-- Down Migration
DROP TABLE read.check_ins;
