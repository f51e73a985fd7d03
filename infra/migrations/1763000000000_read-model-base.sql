-- Up Migration
CREATE SCHEMA IF NOT EXISTS read;

-- Each projection's position, committed in the same transaction as the rows it wrote.
-- `visible` becomes true once the batch's Redis writes are done too (read-your-writes waits on it).
CREATE TABLE read.checkpoints (
  projection text PRIMARY KEY,
  txn numeric(20, 0) NOT NULL DEFAULT 0,
  seq numeric(20, 0) NOT NULL DEFAULT 0,
  visible_txn numeric(20, 0) NOT NULL DEFAULT 0,
  visible_seq numeric(20, 0) NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE read.users (
  id uuid PRIMARY KEY,
  email_hash text NOT NULL UNIQUE,
  -- Personal fields are null once the person is erased.
  first_name text,
  last_name text,
  email text,
  phone text,
  gender text,
  birthday date,
  profile_image text,
  bio text,
  interests text[] NOT NULL DEFAULT '{}',
  admin boolean NOT NULL DEFAULT false,
  graduation_year integer,
  academic_level text,
  major text,
  car_seats integer NOT NULL DEFAULT 0,
  points integer NOT NULL DEFAULT 0,
  registration_date timestamptz NOT NULL,
  erased boolean NOT NULL DEFAULT false
);
CREATE INDEX users_name_idx ON read.users (lower(first_name || ' ' || last_name));

CREATE TABLE read.approved_emails (
  email_hash text PRIMARY KEY,
  email text,
  added_at timestamptz NOT NULL
);

-- Down Migration
DROP SCHEMA read CASCADE;
