import { describe, expect, it } from 'vitest';
import { TokenRejectedError, type TokenIdentity, type TokenVerifier } from '@campus/infra';
import { refreshingTokenVerifier } from './refreshing-token-verifier';

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

/** A verifier that counts its calls and refuses the tokens `refused` holds. */
const countingVerifier = () => {
  const calls: string[] = [];
  const refused = new Set<string>();
  const verifier: TokenVerifier = {
    verify(idToken) {
      calls.push(idToken);
      const { sub } = JSON.parse(
        Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
      ) as { sub: string };
      return refused.has(idToken)
        ? Promise.reject(new TokenRejectedError('invalid'))
        : Promise.resolve(identity(sub));
    },
  };
  return { verifier, calls, refused };
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('refreshingTokenVerifier', () => {
  const start = Date.UTC(2026, 10, 25, 8, 0, 0);
  const token = tokenExpiringAt(start / 1_000 + 3_600);

  it('verifies again in the background after 45 s, so a steady reader never waits again', async () => {
    let now = start;
    const { verifier, calls } = countingVerifier();
    const cached = refreshingTokenVerifier(verifier, () => now);
    expect(await cached.verify(token)).toEqual(identity('u1'));
    now += 44_000;
    await cached.verify(token);
    expect(calls).toHaveLength(1);
    now += 2_000;
    expect(await cached.verify(token)).toEqual(identity('u1'));
    await settle();
    expect(calls).toHaveLength(2);
    // 70 s after the first verification, 24 s after the second: still from memory.
    now += 24_000;
    await cached.verify(token);
    expect(calls).toHaveLength(2);
  });

  it('never answers from a verification older than a minute, nor past the token’s expiry', async () => {
    let now = start;
    const { verifier, calls } = countingVerifier();
    const cached = refreshingTokenVerifier(verifier, () => now);
    await cached.verify(token);
    now += 60_000;
    await cached.verify(token);
    expect(calls).toHaveLength(2);
    const short = tokenExpiringAt(now / 1_000 + 10, 'u2');
    await cached.verify(short);
    now += 11_000;
    await cached.verify(short).catch(() => undefined);
    expect(calls.filter((t) => t === short)).toHaveLength(2);
  });

  it('forgets a token refused in the background and never remembers a refusal', async () => {
    let now = start;
    const { verifier, calls, refused } = countingVerifier();
    const cached = refreshingTokenVerifier(verifier, () => now);
    await cached.verify(token);
    refused.add(token);
    now += 50_000;
    // Still answered: its verification of 50 s ago may be used for 10 s more.
    expect(await cached.verify(token)).toEqual(identity('u1'));
    await settle();
    await expect(cached.verify(token)).rejects.toBeInstanceOf(TokenRejectedError);
    await expect(cached.verify(token)).rejects.toBeInstanceOf(TokenRejectedError);
    expect(calls).toHaveLength(4);
  });

  it('keeps the answer it may still use while the verifier cannot be reached', async () => {
    let now = start;
    let reachable = true;
    const { verifier: inner } = countingVerifier();
    const verifier: TokenVerifier = {
      verify: (idToken) =>
        reachable ? inner.verify(idToken) : Promise.reject(new TokenRejectedError('unavailable')),
    };
    const cached = refreshingTokenVerifier(verifier, () => now);
    await cached.verify(token);
    reachable = false;
    now += 50_000;
    await cached.verify(token);
    await settle();
    // The background verification failed for want of the verifier, not by a refusal.
    now += 5_000;
    expect(await cached.verify(token)).toEqual(identity('u1'));
    now += 6_000;
    await expect(cached.verify(token)).rejects.toBeInstanceOf(TokenRejectedError);
  });

  it('shares one first verification between concurrent requests', async () => {
    const { verifier, calls } = countingVerifier();
    const cached = refreshingTokenVerifier(verifier, () => start);
    await Promise.all([cached.verify(token), cached.verify(token), cached.verify(token)]);
    expect(calls).toHaveLength(1);
  });
});
