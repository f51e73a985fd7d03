import { hmacSignature, sameText } from './hmac';

/**
 * Check-in codes: an HMAC-SHA256 over the opportunity id and a 30-second window, keyed with the
 * server's CHECK_IN_SECRET. A code is valid in its own window and the next one (so a code shown a
 * moment before it changed still works), never later. Web Crypto, so it runs in every service.
 */
export const CHECK_IN_WINDOW_MS = 30_000;

type CheckInTokenCheck = 'valid' | 'expired' | 'forged';

const checkInWindowOf = (now: Date): number => Math.floor(now.getTime() / CHECK_IN_WINDOW_MS);

const signatureOf = (secret: string, opportunityId: string, window: number) =>
  hmacSignature(secret, `check-in:${opportunityId.toLowerCase()}:${String(window)}`);

/** The code of `opportunityId` for the window holding `now`: `<window>.<signature>`. */
export const issueCheckInToken = async (
  secret: string,
  opportunityId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> => {
  const window = checkInWindowOf(now);
  return {
    token: `${String(window)}.${await signatureOf(secret, opportunityId, window)}`,
    expiresAt: new Date((window + 1) * CHECK_IN_WINDOW_MS),
  };
};

/**
 * 'valid' for a genuine code of the current or previous window; 'expired' for a genuine code of an
 * older (or a future) window; 'forged' for anything else.
 */
export const verifyCheckInToken = async (
  secret: string,
  opportunityId: string,
  token: string,
  now: Date,
): Promise<CheckInTokenCheck> => {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'forged';
  const window = Number(match[1]);
  const expected = await signatureOf(secret, opportunityId, window);
  if (!sameText(expected, match[2] ?? '')) return 'forged';
  const current = checkInWindowOf(now);
  return window === current || window === current - 1 ? 'valid' : 'expired';
};
