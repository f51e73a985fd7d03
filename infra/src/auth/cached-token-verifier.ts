import type { TokenIdentity, TokenVerifier } from './token-verifier';

const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

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

/**
 * Remembers tokens the verifier accepted, for a minute at most and never past the token's own
 * expiry, so a client's burst of commands verifies its token once (with the Auth emulator every
 * verification is an HTTP round trip). Refusals are never remembered; concurrent verifications
 * of one token share the first.
 */
export const cachedTokenVerifier = (
  verifier: TokenVerifier,
  now: () => number = Date.now,
): TokenVerifier => {
  const accepted = new Map<string, { identity: TokenIdentity; until: number }>();
  const pending = new Map<string, Promise<TokenIdentity>>();
  return {
    verify(idToken) {
      const hit = accepted.get(idToken);
      if (hit && now() < hit.until) return Promise.resolve(hit.identity);
      if (hit) accepted.delete(idToken);
      const running = pending.get(idToken);
      if (running) return running;
      const verifying = verifier.verify(idToken).then(
        (identity) => {
          pending.delete(idToken);
          const expiry = expiryOf(idToken);
          const until = Math.min(now() + MAX_AGE_MS, expiry ?? 0);
          if (until > now()) {
            accepted.set(idToken, { identity, until });
            if (accepted.size > MAX_ENTRIES)
              accepted.delete(accepted.keys().next().value as string);
          }
          return identity;
        },
        (error: unknown) => {
          pending.delete(idToken);
          throw error;
        },
      );
      pending.set(idToken, verifying);
      return verifying;
    },
  };
};
