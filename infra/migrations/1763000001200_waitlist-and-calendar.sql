-- Up Migration
-- Waitlists and calendar feeds (docs/adr/0010-waitlist.md).

-- Who waits for a slot of a full opportunity; the order is the opportunity stream's revision of
-- the WaitlistJoined event. Rows go when the user leaves, signs up (promoted or not) or the
-- opportunity is deleted.
CREATE TABLE read.waitlist (
  opportunity_id uuid NOT NULL,
  user_id uuid NOT NULL,
  stream_revision bigint NOT NULL,
  joined_at timestamptz NOT NULL,
  PRIMARY KEY (opportunity_id, user_id)
);
CREATE INDEX waitlist_order_idx ON read.waitlist (opportunity_id, stream_revision);
CREATE INDEX waitlist_user_idx ON read.waitlist (user_id);

-- Every promotion, for the notifications of the promoted user.
CREATE TABLE read.waitlist_promotions (
  event_id uuid PRIMARY KEY,
  opportunity_id uuid NOT NULL,
  user_id uuid NOT NULL,
  opportunity_name text NOT NULL,
  starts_at timestamptz NOT NULL,
  promoted_at timestamptz NOT NULL
);
CREATE INDEX waitlist_promotions_user_idx ON read.waitlist_promotions (user_id, promoted_at);

-- The generation of each student's calendar link: the revision of their latest CalendarFeedReset
-- (none: generation -1). The link is signed from the user id and this number.
CREATE TABLE read.calendar_feeds (
  user_id uuid PRIMARY KEY,
  generation bigint NOT NULL
);

-- Down Migration
DROP TABLE read.calendar_feeds;
DROP TABLE read.waitlist_promotions;
DROP TABLE read.waitlist;
