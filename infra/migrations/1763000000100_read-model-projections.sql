-- Up Migration
-- The read model the screens need, written only by the projection worker (projection-worker/src/projections).

CREATE TABLE read.organizations (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  type text NOT NULL DEFAULT 'Other',
  description text NOT NULL DEFAULT '',
  approved boolean NOT NULL DEFAULT false,
  deleted boolean NOT NULL DEFAULT false,
  host_user_id uuid NOT NULL,
  member_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);
CREATE INDEX organizations_name_idx ON read.organizations (lower(name));
CREATE INDEX organizations_listed_idx ON read.organizations (approved, type) WHERE NOT deleted;

CREATE TABLE read.memberships (
  organization_id uuid NOT NULL,
  user_id uuid NOT NULL,
  joined_at timestamptz NOT NULL,
  PRIMARY KEY (organization_id, user_id)
);
CREATE INDEX memberships_user_idx ON read.memberships (user_id);

-- `date` and `time` are Eastern local (the screens show them); `starts_at` is their UTC instant.
CREATE TABLE read.opportunities (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  nonprofit text,
  address text,
  date date NOT NULL,
  time text NOT NULL,
  starts_at timestamptz NOT NULL,
  duration_minutes integer NOT NULL,
  total_slots integer NOT NULL,
  -- Signups still registered (kept equal to the count of registered rows in read.signups).
  registered_count integer NOT NULL DEFAULT 0,
  causes text[] NOT NULL DEFAULT '{}',
  tags text[] NOT NULL DEFAULT '{}',
  qualifications text[] NOT NULL DEFAULT '{}',
  -- Organization ids; empty means everyone.
  visibility text[] NOT NULL DEFAULT '{}',
  redirect_url text,
  image_url text,
  host_user_id uuid NOT NULL,
  host_org_id uuid,
  approved boolean NOT NULL DEFAULT false,
  deleted boolean NOT NULL DEFAULT false,
  attendance_marked boolean NOT NULL DEFAULT false,
  attendance_marked_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX opportunities_listed_idx ON read.opportunities (starts_at) WHERE approved AND NOT deleted;
CREATE INDEX opportunities_unapproved_idx ON read.opportunities (created_at) WHERE NOT approved AND NOT deleted;
CREATE INDEX opportunities_host_user_idx ON read.opportunities (host_user_id, starts_at);
CREATE INDEX opportunities_host_org_idx ON read.opportunities (host_org_id) WHERE host_org_id IS NOT NULL;

CREATE TABLE read.announcements (
  id uuid PRIMARY KEY,
  opportunity_id uuid NOT NULL,
  text text NOT NULL,
  posted_by uuid NOT NULL,
  posted_at timestamptz NOT NULL,
  removed boolean NOT NULL DEFAULT false
);
CREATE INDEX announcements_opportunity_idx ON read.announcements (opportunity_id, posted_at);

-- One row per user and opportunity ever signed up; `registered` false once withdrawn.
-- `attended` is null until attendance is marked.
CREATE TABLE read.signups (
  opportunity_id uuid NOT NULL,
  user_id uuid NOT NULL,
  signed_up_at timestamptz NOT NULL,
  registered boolean NOT NULL DEFAULT true,
  attended boolean,
  PRIMARY KEY (opportunity_id, user_id)
);
CREATE INDEX signups_user_idx ON read.signups (user_id, opportunity_id);

-- One row per pair while a request is pending or accepted; deleted when rejected or removed.
CREATE TABLE read.friendships (
  friendship_id text PRIMARY KEY,
  requester_id uuid NOT NULL,
  recipient_id uuid NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'friends')),
  updated_at timestamptz NOT NULL
);
CREATE INDEX friendships_requester_idx ON read.friendships (requester_id);
CREATE INDEX friendships_recipient_idx ON read.friendships (recipient_id, status);

-- Every change of a user's points, naming the event that caused it; read.users.points is its sum.
CREATE TABLE read.point_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL,
  points integer NOT NULL,
  reason text NOT NULL CHECK (reason IN ('attendance', 'first_signup_bonus')),
  opportunity_id uuid NOT NULL,
  cause_event_id uuid NOT NULL,
  actor_user_id uuid,
  opportunity_date date NOT NULL,
  -- 'YYYY-MM' of opportunity_date (Eastern): the monthly board the points count in.
  month text NOT NULL,
  recorded_at timestamptz NOT NULL,
  -- Reprocessing an event cannot add its line twice.
  UNIQUE (cause_event_id, user_id, reason)
);
CREATE INDEX point_ledger_user_idx ON read.point_ledger (user_id, month);
CREATE INDEX point_ledger_date_idx ON read.point_ledger (opportunity_date);
CREATE INDEX point_ledger_recorded_idx ON read.point_ledger (recorded_at);

CREATE TABLE read.monthly_points (
  user_id uuid NOT NULL,
  month text NOT NULL,
  points integer NOT NULL,
  PRIMARY KEY (user_id, month)
);
CREATE INDEX monthly_points_board_idx ON read.monthly_points (month, points DESC);

CREATE INDEX users_points_idx ON read.users (points DESC);

-- Badges, derived from current state (docs/product-rules.md), with the counts they come from.
CREATE TABLE read.user_badges (
  user_id uuid PRIMARY KEY,
  badges text[] NOT NULL DEFAULT '{}',
  signup_count integer NOT NULL DEFAULT 0,
  friend_count integer NOT NULL DEFAULT 0,
  eco_count integer NOT NULL DEFAULT 0,
  hunger_count integer NOT NULL DEFAULT 0,
  top_ten boolean NOT NULL DEFAULT false
);
CREATE INDEX user_badges_top_ten_idx ON read.user_badges (user_id) WHERE top_ten;

-- Events a projection could not apply (after bounded retries) or could not parse; skipped, for operators.
CREATE TABLE read.dead_letters (
  projection text NOT NULL,
  event_id uuid NOT NULL,
  stream_id text NOT NULL,
  txn numeric(20, 0) NOT NULL,
  seq numeric(20, 0) NOT NULL,
  event_type text NOT NULL,
  error text NOT NULL,
  attempts integer NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (projection, event_id)
);
CREATE INDEX dead_letters_failed_idx ON read.dead_letters (failed_at DESC);

-- Down Migration
DROP TABLE read.dead_letters;
DROP TABLE read.user_badges;
DROP INDEX read.users_points_idx;
DROP TABLE read.monthly_points;
DROP TABLE read.point_ledger;
DROP TABLE read.friendships;
DROP TABLE read.signups;
DROP TABLE read.announcements;
DROP TABLE read.opportunities;
DROP TABLE read.memberships;
DROP TABLE read.organizations;
