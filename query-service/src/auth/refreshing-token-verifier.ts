import { TokenRejectedError, type TokenIdentity, type TokenVerifier } from '@campus/infra';

/** An accepted token is answered from memory for a minute after it was last verified, at most. */
const MAX_AGE_MS = 60_000;
/** Past this age a request still gets the remembered answer, and the token is verified again. */
const REFRESH_AFTER_MS = 45_000;
const MAX_ENTRIES = 20_000;

/** The token's own expiry (ms since the epoch) from its payload, or null when unreadable. */
const expiryOf = (idToken: string): number | null => {
  const payload = idToken.split('.')[1];
  if (!payload) return null;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof exp === 'number' ? exp * 1_000 : null;
  } catch {
    return null;
  }
};

type Entry = { identity: TokenIdentity; verifiedAt: number; expiry: number };

/**
 * Remembers accepted tokens as the command side does (a minute after their verification at most,
 * never past the token's own expiry; refusals never; concurrent first verifications shared), and
 * verifies a token again in the background once its answer is 45 s old, while requests keep being
 * answered from the answer they may still use. A reader who keeps reading (1,000 signed-in callers
 * a second) then never waits for a verification again, where they all used to wait each minute
 * (with the Auth emulator, each verification is an HTTP round trip). A refusal in the background
 * forgets the token, so the next request is refused.
 */
export const refreshingTokenVerifier = (
  verifier: TokenVerifier,
  now: () => number = Date.now,
): TokenVerifier => {
  const accepted = new Map<string, Entry>();
  const pending = new Map<string, Promise<TokenIdentity>>();

  const verify = (idToken: string): Promise<TokenIdentity> => {
    const running = pending.get(idToken);
    if (running) return running;
    // The answer's age counts from when the verification started, not when it came back.
    const started = now();
    const verifying = verifier.verify(idToken).then(
      (identity) => {
        pending.delete(idToken);
        const expiry = expiryOf(idToken) ?? 0;
        if (expiry > now()) {
          accepted.delete(idToken);
          accepted.set(idToken, { identity, verifiedAt: started, expiry });
          if (accepted.size > MAX_ENTRIES) accepted.delete(accepted.keys().next().value as string);
        }
        return identity;
      },
      (error: unknown) => {
        pending.delete(idToken);
        // Only a refusal forgets the token: while the verifier cannot be reached, the answer
        // already given still holds until it is a minute old, as it did without the refresh.
        if (error instanceof TokenRejectedError && error.reason === 'invalid') {
          accepted.delete(idToken);
        }
        throw error;
      },
    );
    pending.set(idToken, verifying);
    return verifying;
  };

  return {
    verify(idToken) {
      const hit = accepted.get(idToken);
      const t = now();
      if (hit && t < hit.expiry && t - hit.verifiedAt < MAX_AGE_MS) {
        if (t - hit.verifiedAt >= REFRESH_AFTER_MS) verify(idToken).catch(() => undefined);
        return Promise.resolve(hit.identity);
      }
      if (hit) accepted.delete(idToken);
      return verify(idToken);
    },
  };
};
