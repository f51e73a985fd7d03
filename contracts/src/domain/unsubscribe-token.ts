import { MAIL_TOPICS, type MailTopic } from '../events/mail';
import { hmacSignature, sameText } from './hmac';

/**
 * A mail's unsubscribe link token (docs/mail.md): `<user id>.<topic>.<signature>`, the signature an
 * HMAC of both with the server's MAIL_LINK_SECRET. It turns off one kind of mail of one person and
 * nothing else; it does not expire (an old mail's link must still work), and using it twice is
 * harmless.
 */
const signatureOf = (secret: string, userId: string, topic: MailTopic) =>
  hmacSignature(secret, `mail-unsubscribe:${userId.toLowerCase()}:${topic}`);

export const issueUnsubscribeToken = async (
  secret: string,
  userId: string,
  topic: MailTopic,
): Promise<string> =>
  `${userId.toLowerCase()}.${topic}.${await signatureOf(secret, userId, topic)}`;

const TOKEN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/;

/** The kind of mail a token names, before checking it (the unsubscribe page shows it); else null. */
export const unsubscribeTokenTopic = (token: string): MailTopic | null => {
  const topic = TOKEN.exec(token)?.[2];
  return topic && (MAIL_TOPICS as readonly string[]).includes(topic) ? (topic as MailTopic) : null;
};

/** The person and kind of mail of a genuine token; null for anything else. */
export const verifyUnsubscribeToken = async (
  secret: string,
  token: string,
): Promise<{ userId: string; topic: MailTopic } | null> => {
  const match = TOKEN.exec(token);
  const topic = unsubscribeTokenTopic(token);
  if (!match?.[1] || !match[3] || !topic) return null;
  const expected = await signatureOf(secret, match[1], topic);
  return sameText(expected, match[3]) ? { userId: match[1], topic } : null;
};
