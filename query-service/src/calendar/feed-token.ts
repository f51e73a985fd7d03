import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A student's private calendar link token: `<user id>.<signature>`, the signature an HMAC of the
 * user id and the generation of their link (the revision of their latest reset, -1 before any).
 * Resetting moves the generation, so every earlier token stops verifying; nothing secret is
 * stored anywhere but the server's CALENDAR_FEED_SECRET.
 */
const signature = (secret: string, userId: string, generation: string): string =>
  createHmac('sha256', secret).update(`calendar-feed:${userId}:${generation}`).digest('base64url');

export const feedTokenOf = (secret: string, userId: string, generation: string): string =>
  `${userId}.${signature(secret, userId, generation)}`;

/** The user id a token names, before checking it (null when it is not shaped like one). */
export const feedTokenUser = (token: string): string | null => {
  const match = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/i.exec(token);
  return match?.[1]?.toLowerCase() ?? null;
};

export const isFeedTokenValid = (
  secret: string,
  token: string,
  userId: string,
  generation: string,
): boolean => {
  const expected = Buffer.from(feedTokenOf(secret, userId, generation));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
};
