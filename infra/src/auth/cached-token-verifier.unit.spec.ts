import { describe, expect, it } from 'vitest';
import { TokenRejectedError, type TokenIdentity, type TokenVerifier } from './token-verifier';
import { cachedTokenVerifier } from './cached-token-verifier';

const tokenExpiringAt = (expSeconds: number, subject = 'u1') =>
  [
    'header',
    Buffer.from(JSON.stringify({ sub: subject, exp: expSeconds })).toString('base64url'),
    'sig',
  ].join('.');

const identity = (uid: string): TokenIdentity => ({
  uid,
  email: `${uid}@university.edu`,
  emailVerified: true,
  signInProvider: 'password',
});

/** A verifier that accepts tokens whose subject is not 'bad' and counts its calls. */
const countingVerifier = () => {
  const calls: string[] = [];
  const verifier: TokenVerifier = {
    verify(idToken) {
      calls.push(idToken);
      const payload = JSON.parse(
        Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
      ) as { sub: string };
      return payload.sub === 'bad'
        ? Promise.reject(new TokenRejectedError('invalid'))
        : Promise.resolve(identity(payload.sub));
    },
  };
  return { verifier, calls };
};

describe('cachedTokenVerifier', () => {
  const start = Date.UTC(2026, 10, 22, 8, 0, 0);

  it('verifies a token once while it is fresh, and again after a minute', async () => {
    let now = start;
    const { verifier, calls } = countingVerifier();
    const cached = cachedTokenVerifier(verifier, () => now);
    const token = tokenExpiringAt(start / 1_000 + 3_600);
    expect(await cached.verify(token)).toEqual(identity('u1'));
    now += 59_000;
    expect(await cached.verify(token)).toEqual(identity('u1'));
    expect(calls).toHaveLength(1);
    now += 2_000;
    await cached.verify(token);
    expect(calls).toHaveLength(2);
  });

  it('never answers from memory past the token’s own expiry', async () => {
    let now = start;
    const { verifier, calls } = countingVerifier();
    const cached = cachedTokenVerifier(verifier, () => now);
    const token = tokenExpiringAt(start / 1_000 + 10);
    await cached.verify(token);
    now += 11_000;
    await cached.verify(token);
    expect(calls).toHaveLength(2);
  });

  it('shares one verification between concurrent calls and never remembers a refusal', async () => {
    const { verifier, calls } = countingVerifier();
    const cached = cachedTokenVerifier(verifier, () => start);
    const token = tokenExpiringAt(start / 1_000 + 3_600, 'u2');
    await Promise.all([cached.verify(token), cached.verify(token), cached.verify(token)]);
    expect(calls).toHaveLength(1);
    const bad = tokenExpiringAt(start / 1_000 + 3_600, 'bad');
    await expect(cached.verify(bad)).rejects.toBeInstanceOf(TokenRejectedError);
    await expect(cached.verify(bad)).rejects.toBeInstanceOf(TokenRejectedError);
    expect(calls.filter((t) => t === bad)).toHaveLength(2);
  });
});
