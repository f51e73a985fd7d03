-- Up Migration
-- Mail preferences (docs/mail.md): the kinds of mail each person turned off.

-- What the profile shows: the users projection writes each person's latest choice
-- (MailPreferencesChanged); no row means every kind of mail is on.
CREATE TABLE read.mail_preferences (
  user_id uuid PRIMARY KEY,
  off text[] NOT NULL DEFAULT '{}',
  changed_at timestamptz NOT NULL
);

-- What the outbox obeys: the relay writes the same choices in the transaction that queues the
-- messages of the events around them, in the log's order, so a mail asked for after a kind was
-- turned off is never queued. Outside `read`, like the outbox itself: a replay never touches it.
CREATE TABLE outbox.mail_opt_outs (
  user_id uuid NOT NULL,
  -- No CHECK of the kinds: the events name them (contracts' MAIL_TOPICS), and a kind added there
  -- must not stop the relay at a constraint this file forgot.
  topic text NOT NULL,
  PRIMARY KEY (user_id, topic)
);

-- Down Migration
DROP TABLE outbox.mail_opt_outs;
DROP TABLE read.mail_preferences;
