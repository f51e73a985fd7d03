import {
  issueUnsubscribeToken,
  texts,
  toDomainEvent,
  toUserStreamId,
  userPersonalDataSchema,
  type EventStore,
} from '@campus/contracts';
import { describeError, type Logger, type PersonalDataVault, type Pool } from '@campus/infra';
import type { Transporter } from 'nodemailer';
import { composeMessage, TOPIC_OF, type DecidedLog, type MessageKind } from './messages';

/** What the unsubscribe links of the mail are made of (docs/mail.md). */
export type MailLinks = {
  /** The product's address as its users reach it (the gateway), e.g. https://volunteer.university.edu. */
  readonly publicUrl: string;
  /** MAIL_LINK_SECRET: signs each link. */
  readonly secret: string;
};

/**
 * The unsubscribe links of a message: the page a person opens from the mail (it asks before it
 * acts, as mail scanners open links) and the one-click address mail programs POST to (RFC 8058).
 */
export const unsubscribeLinksOf = async (links: MailLinks, userId: string, kind: MessageKind) => {
  const token = await issueUnsubscribeToken(links.secret, userId, TOPIC_OF[kind]);
  const base = links.publicUrl.replace(/\/+$/, '');
  return {
    page: `${base}/unsubscribe/${token}`,
    oneClick: `${base}/api/mail/unsubscribe/${token}`,
  };
};

/** A message of a kind its person turned off after it was queued is not sent. */
const turnedOff = async (pool: Pool, userId: string, kind: MessageKind) => {
  const { rows } = await pool.query(
    'SELECT 1 FROM outbox.mail_opt_outs WHERE user_id = $1::uuid AND topic = $2',
    [userId, TOPIC_OF[kind]],
  );
  return rows.length > 0;
};

/** Tries before a message is given up as failed; the pause doubles from 30 s up to an hour. */
export const MAX_ATTEMPTS = 8;
/**
 * How long a claimed message is another worker's. Every step of a send is bounded well inside it
 * (SMTP_TIMEOUTS_MS), so a slow SMTP server cannot let a second worker claim and send it again.
 */
export const LEASE_SECONDS = 120;

/** nodemailer's limits (its defaults allow minutes), each well inside the claim's lease. */
export const SMTP_TIMEOUTS_MS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const;

type Claimed = {
  id: string;
  kind: MessageKind;
  user_id: string;
  payload: Record<string, string>;
  attempts: number;
};

/**
 * A person's address and name, read at send time from their sealed registration data through the
 * vault: null once they were erased (their key is gone), so an erased person is never mailed.
 */
const personalOf = async (store: EventStore, vault: PersonalDataVault, userId: string) => {
  for (const recorded of await store.readStream(toUserStreamId(userId))) {
    const event = toDomainEvent(recorded);
    if (event?.type === 'UserRegistered') {
      return vault.open(event.data.personal, userPersonalDataSchema);
    }
  }
  return null;
};

/** A reminder whose person unregistered (or whose opportunity was removed) is no longer sent. */
const stillRegistered = async (pool: Pool, opportunityId: string, userId: string) => {
  const { rows } = await pool.query(
    `SELECT 1 FROM read.signups s JOIN read.opportunities o ON o.id = s.opportunity_id
      WHERE s.opportunity_id = $1 AND s.user_id = $2 AND s.registered AND NOT o.deleted`,
    [opportunityId, userId],
  );
  return rows.length > 0;
};

/**
 * A decision's mail found its log not decided in the read model yet (the relay follows the log on
 * its own, ahead of the projector): the send is tried again later.
 */
export class DecisionNotProjectedError extends Error {
  override readonly name = 'DecisionNotProjectedError';
  constructor() {
    super('The service log decision is not in the read model yet');
  }
}

/**
 * What a decision's mail tells of its log (docs/service-hours.md): its organization's name, date,
 * minutes and the verifier's reason, as read.service_logs holds them when the mail is sent. Null
 * when the log was decided the other way (the mail no longer applies).
 */
const decidedLogOf = async (
  pool: Pool,
  kind: 'hours-approved' | 'hours-rejected',
  logId: string,
  userId: string,
): Promise<DecidedLog | null> => {
  const { rows } = await pool.query<{
    organization_name: string;
    date: string;
    minutes: number;
    reason: string | null;
    status: string;
  }>(
    `SELECT coalesce(o.name, l.outside_organization, '') AS organization_name,
            to_char(l.service_date, 'YYYY-MM-DD') AS date, l.minutes, l.reason, l.status
       FROM read.service_logs l
       LEFT JOIN read.organizations o ON o.id = l.organization_id
      WHERE l.id = $1 AND l.user_id = $2`,
    [logId, userId],
  );
  const log = rows[0];
  if (!log || log.status === 'pending') throw new DecisionNotProjectedError();
  if (log.status !== (kind === 'hours-approved' ? 'approved' : 'rejected')) return null;
  return {
    organizationName: log.organization_name,
    date: log.date,
    minutes: log.minutes,
    reason: log.reason,
  };
};

export type SendOptions = {
  readonly pool: Pool;
  readonly store: EventStore;
  readonly vault: PersonalDataVault;
  readonly logger: Logger;
  readonly transport: Transporter;
  readonly from: string;
  readonly links: MailLinks;
  /** At most this many messages in one call. */
  readonly limit?: number;
};

/**
 * Sends the messages that are due, one at a time. Each is claimed with a short lease by one
 * statement (no transaction stays open during SMTP: open transactions hold back the log's
 * subscribers), sent, then marked sent. A failed send is tried again later (so is a decision's
 * mail whose log the read model has not decided yet); an erased person's message, and one of a
 * kind they turned off since it was queued, is marked skipped. Every mail ends with its kind's
 * unsubscribe link and carries List-Unsubscribe headers. Answers how many were sent.
 */
export const sendDueMessages = async (options: SendOptions): Promise<number> => {
  const { pool, store, vault, logger, transport } = options;
  let sent = 0;
  for (let i = 0; i < (options.limit ?? 100); i++) {
    const { rows } = await pool.query<Claimed>(
      `UPDATE outbox.messages SET next_attempt_at = now() + make_interval(secs => $1)
        WHERE id = (SELECT id FROM outbox.messages
                     WHERE status = 'pending' AND next_attempt_at <= now()
                     ORDER BY next_attempt_at, created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, user_id, payload, attempts`,
      [LEASE_SECONDS],
    );
    const message = rows[0];
    if (!message) break;
    const finish = (status: 'sent' | 'skipped', reason: string | null) =>
      pool.query(
        `UPDATE outbox.messages SET status = $2, last_error = $3,
                sent_at = CASE WHEN $2 = 'sent' THEN now() END, payload = '{}'::jsonb
          WHERE id = $1`,
        [message.id, status, reason],
      );
    try {
      const person = await personalOf(store, vault, message.user_id);
      if (!person) {
        await finish('skipped', 'recipient erased');
        continue;
      }
      if (await turnedOff(pool, message.user_id, message.kind)) {
        await finish('skipped', 'turned off');
        continue;
      }
      const opportunityId = message.payload.opportunityId;
      if (message.kind === 'reminder' && opportunityId) {
        if (!(await stillRegistered(pool, opportunityId, message.user_id))) {
          await finish('skipped', 'no longer registered');
          continue;
        }
      }
      let requesterName: string | undefined;
      if (message.kind === 'friend-request' && message.payload.requesterId) {
        const requester = await personalOf(store, vault, message.payload.requesterId);
        if (!requester) {
          await finish('skipped', 'requester erased');
          continue;
        }
        requesterName = `${requester.firstName} ${requester.lastName}`.trim();
      }
      let decidedLog: DecidedLog | undefined;
      if (message.kind === 'hours-approved' || message.kind === 'hours-rejected') {
        const logId = message.payload.logId;
        const decided = logId
          ? await decidedLogOf(pool, message.kind, logId, message.user_id)
          : null;
        if (!decided) {
          await finish('skipped', 'log decided otherwise');
          continue;
        }
        decidedLog = decided;
      }
      const { subject, text } = composeMessage(message.kind, message.payload, {
        ...(requesterName ? { requesterName } : {}),
        ...(decidedLog ? { decidedLog } : {}),
      });
      const unsubscribe = await unsubscribeLinksOf(options.links, message.user_id, message.kind);
      await transport.sendMail({
        from: options.from,
        to: person.email,
        subject,
        text: `${text}\n\n${texts.mailPreferences.footer(TOPIC_OF[message.kind], unsubscribe.page)}`,
        messageId: `<${message.id.replace(/:/g, '.')}@outbox.campus>`,
        // RFC 2369 and RFC 8058: mail programs show an unsubscribe button that POSTs this address.
        list: {
          unsubscribe: {
            url: unsubscribe.oneClick,
            comment: texts.mailPreferences.unsubscribe.confirm,
          },
        },
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      await finish('sent', null);
      sent++;
    } catch (error) {
      const attempts = message.attempts + 1;
      logger.warn({ err: error, id: message.id, attempts }, 'outbox: send failed');
      await pool.query(
        `UPDATE outbox.messages SET attempts = $2::int, last_error = $3,
                status = CASE WHEN $2::int >= $4::int THEN 'failed' ELSE 'pending' END,
                next_attempt_at = now() + make_interval(secs => least(3600, 30 * power(2, $2::int - 1)))
          WHERE id = $1`,
        // SMTP refusals quote the recipient: the stored text is the scrubbed one.
        [message.id, attempts, describeError(error).slice(0, 500), MAX_ATTEMPTS],
      );
    }
  }
  return sent;
};
