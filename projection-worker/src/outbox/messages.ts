import {
  instantToEastern,
  type GlobalPosition,
  texts,
  toDomainEvent,
  type MailTopic,
  type RecordedEvent,
  serviceHoursTexts,
} from '@campus/contracts';
import type { PoolClient } from '@campus/infra';

export type MessageKind =
  'reminder' | 'waitlist-promoted' | 'friend-request' | 'hours-approved' | 'hours-rejected';

/** The kind of mail each message is, as a person turns it off (docs/mail.md). */
export const TOPIC_OF: Record<MessageKind, MailTopic> = {
  reminder: 'reminders',
  'waitlist-promoted': 'waitlist',
  'friend-request': 'friend_requests',
  'hours-approved': 'service_hours',
  'hours-rejected': 'service_hours',
};

/** A message to queue. `id` is derived from its cause, so queuing it again is a no-op. */
export type OutboxMessage = {
  readonly id: string;
  readonly kind: MessageKind;
  readonly userId: string;
  readonly payload: Record<string, string>;
};

/**
 * The messages an event asks for: a friend request, a waitlist promotion and a decision on logged
 * service hours notify one person. A decision's payload is the log's id alone: the mail is
 * composed when sent, from the read model (docs/service-hours.md).
 */
export const messagesOfEvent = (recorded: RecordedEvent): OutboxMessage[] => {
  const event = toDomainEvent(recorded);
  if (!event) return [];
  switch (event.type) {
    case 'FriendRequested':
      return [
        {
          id: `friend-request:${recorded.eventId}`,
          kind: 'friend-request',
          userId: event.data.recipientId,
          payload: { requesterId: event.data.requesterId },
        },
      ];
    case 'WaitlistPromoted':
      return [
        {
          id: `waitlist-promoted:${recorded.eventId}`,
          kind: 'waitlist-promoted',
          userId: event.data.userId,
          payload: {
            opportunityId: event.data.opportunityId,
            name: event.data.opportunityName,
            startsAt: event.data.startsAt,
          },
        },
      ];
    case 'ServiceHoursApproved':
    case 'ServiceHoursRejected': {
      const kind = event.type === 'ServiceHoursApproved' ? 'hours-approved' : 'hours-rejected';
      return [
        {
          id: `${kind}:${recorded.eventId}`,
          kind,
          userId: event.data.userId,
          payload: { logId: event.data.logId },
        },
      ];
    }
    default:
      return [];
  }
};

export const reminderId = (opportunityId: string, userId: string) =>
  `reminder:${opportunityId}:${userId}`;

/**
 * Inserts the messages, but none of a kind its person turned off (outbox.mail_opt_outs); ones
 * already queued (same id) are left as they are. Answers how many were new.
 */
export const queueMessages = async (client: PoolClient, messages: readonly OutboxMessage[]) => {
  if (!messages.length) return 0;
  const { rowCount } = await client.query(
    `INSERT INTO outbox.messages (id, kind, user_id, payload)
     SELECT m.id, m.kind, m.user_id, m.payload
       FROM unnest($1::text[], $2::text[], $3::uuid[], $4::jsonb[], $5::text[])
              AS m(id, kind, user_id, payload, topic)
      WHERE NOT EXISTS (SELECT 1 FROM outbox.mail_opt_outs o
                         WHERE o.user_id = m.user_id AND o.topic = m.topic)
     ON CONFLICT (id) DO NOTHING`,
    [
      messages.map((m) => m.id),
      messages.map((m) => m.kind),
      messages.map((m) => m.userId),
      messages.map((m) => JSON.stringify(m.payload)),
      messages.map((m) => TOPIC_OF[m.kind]),
    ],
  );
  return rowCount ?? 0;
};

/** A person's kinds of mail turned off, as the outbox obeys them from now on. */
export const applyMailPreferences = async (
  client: PoolClient,
  userId: string,
  off: readonly MailTopic[],
) => {
  await client.query('DELETE FROM outbox.mail_opt_outs WHERE user_id = $1::uuid', [userId]);
  await client.query(
    `INSERT INTO outbox.mail_opt_outs (user_id, topic)
     SELECT $1::uuid, topic FROM unnest($2::text[]) AS t(topic)`,
    [userId, off],
  );
};

/**
 * Everyone's kinds of mail turned off, as the latest MailPreferencesChanged of each person in the
 * Postgres event store says (up to `upTo` when given): what a restore and the relay's first start
 * set, since the outbox starts past those events and the relay never reads them (docs/mail.md).
 * With EventStoreDB, es.events holds nothing and the copy starts empty.
 */
export const rebuildMailOptOuts = async (client: PoolClient, upTo?: GlobalPosition) => {
  await client.query('DELETE FROM outbox.mail_opt_outs');
  await client.query(
    `INSERT INTO outbox.mail_opt_outs (user_id, topic)
     SELECT latest.user_id, t.topic
       FROM (SELECT DISTINCT ON (data->>'userId') (data->>'userId')::uuid AS user_id, data->'off' AS off
               FROM es.events
              WHERE event_type = 'MailPreferencesChanged'
                AND ($1::text IS NULL
                     OR (transaction_id, global_position) <= ($1::text::xid8, $2::bigint))
              ORDER BY data->>'userId', transaction_id DESC, global_position DESC) AS latest
      CROSS JOIN LATERAL jsonb_array_elements_text(latest.off) AS t(topic)`,
    [upTo ? upTo.txn.toString() : null, upTo ? upTo.seq.toString() : null],
  );
};

/**
 * Queues what a batch of events asks for, in the log's order: a change of mail preferences takes
 * effect for the messages of the events after it, not before (docs/mail.md). Answers how many
 * messages were new.
 */
export const queueMessagesOfEvents = async (
  client: PoolClient,
  events: readonly RecordedEvent[],
): Promise<number> => {
  let queued = 0;
  let pending: OutboxMessage[] = [];
  for (const recorded of events) {
    const event = recorded.type === 'MailPreferencesChanged' ? toDomainEvent(recorded) : null;
    if (event?.type === 'MailPreferencesChanged') {
      queued += await queueMessages(client, pending);
      pending = [];
      await applyMailPreferences(client, event.data.userId, event.data.off);
    } else {
      pending.push(...messagesOfEvent(recorded));
    }
  }
  return queued + (await queueMessages(client, pending));
};

/** A decided log as its mail tells it, read from the read model when the mail is sent. */
export type DecidedLog = {
  readonly organizationName: string;
  /** The Eastern date of the service, YYYY-MM-DD. */
  readonly date: string;
  readonly minutes: number;
  readonly reason: string | null;
};

/** Subject and text of a message, from the texts in contracts. */
export const composeMessage = (
  kind: MessageKind,
  payload: Record<string, string>,
  extra: { readonly requesterName?: string; readonly decidedLog?: DecidedLog },
): { subject: string; text: string } => {
  const when = (startsAt: string | undefined) => instantToEastern(new Date(startsAt ?? 0));
  const sign = `\n\n${texts.mail.signature}`;
  switch (kind) {
    case 'reminder': {
      const { date, time } = when(payload.startsAt);
      const name = payload.name ?? '';
      return {
        subject: texts.mail.reminder.subject(name),
        text: texts.mail.reminder.body(name, date, time, payload.address ?? '') + sign,
      };
    }
    case 'waitlist-promoted': {
      const { date, time } = when(payload.startsAt);
      const name = payload.name ?? '';
      return {
        subject: texts.mail.waitlistPromoted.subject(name),
        text: texts.mail.waitlistPromoted.body(name, date, time) + sign,
      };
    }
    case 'friend-request': {
      const name = extra.requesterName ?? '';
      return {
        subject: texts.mail.friendRequest.subject(name),
        text: texts.mail.friendRequest.body(name) + sign,
      };
    }
    case 'hours-approved': {
      const log = extra.decidedLog;
      const mail = serviceHoursTexts.mail.approved;
      return {
        subject: mail.subject,
        text:
          mail.body(
            log?.organizationName ?? '',
            log?.date ?? '',
            log?.minutes ?? 0,
            log?.reason ?? null,
          ) + sign,
      };
    }
    case 'hours-rejected': {
      const log = extra.decidedLog;
      const mail = serviceHoursTexts.mail.rejected;
      return {
        subject: mail.subject,
        text:
          mail.body(
            log?.organizationName ?? '',
            log?.date ?? '',
            log?.minutes ?? 0,
            log?.reason ?? '',
          ) + sign,
      };
    }
  }
};
