import { instantToEastern, texts, toDomainEvent, type RecordedEvent } from '@campus/contracts';
import type { PoolClient } from '@campus/infra';

export type MessageKind =
  'reminder' | 'waitlist-promoted' | 'friend-request' | 'hours-approved' | 'hours-rejected';

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

/** Inserts the messages; ones already queued (same id) are left as they are. Answers how many were new. */
export const queueMessages = async (client: PoolClient, messages: readonly OutboxMessage[]) => {
  if (!messages.length) return 0;
  const { rowCount } = await client.query(
    `INSERT INTO outbox.messages (id, kind, user_id, payload)
     SELECT * FROM unnest($1::text[], $2::text[], $3::uuid[], $4::jsonb[])
     ON CONFLICT (id) DO NOTHING`,
    [
      messages.map((m) => m.id),
      messages.map((m) => m.kind),
      messages.map((m) => m.userId),
      messages.map((m) => JSON.stringify(m.payload)),
    ],
  );
  return rowCount ?? 0;
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
      const mail = texts.serviceHours.mail.approved;
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
      const mail = texts.serviceHours.mail.rejected;
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
