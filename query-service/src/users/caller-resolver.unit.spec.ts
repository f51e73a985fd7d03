import { describe, expect, it } from 'vitest';
import type { Caller, TokenIdentity } from '@campus/infra';
import { cachedCallerResolver } from './caller-resolver';

const identity = (email: string | null): TokenIdentity => ({
  uid: 'u',
  email,
  emailVerified: true,
  signInProvider: 'password',
});

describe('cachedCallerResolver', () => {
  const setup = () => {
    let now = 0;
    let generation: number | null = 1;
    const looked: string[] = [];
    let answer: Caller | null = { userId: 'a', admin: false };
    const resolve = cachedCallerResolver(
      (who) => {
        looked.push(who.email ?? '');
        return Promise.resolve(answer);
      },
      () => generation,
      () => now,
    );
    return {
      resolve,
      looked,
      answer: (next: Caller | null) => (answer = next),
      move: (next: number | null) => (generation = next),
      at: (ms: number) => (now = ms),
    };
  };

  it('looks an email up once per generation of callers, and again once it moves', async () => {
    const t = setup();
    expect(await t.resolve(identity('a@university.edu'))).toEqual({ userId: 'a', admin: false });
    t.answer({ userId: 'a', admin: true });
    expect(await t.resolve(identity('a@university.edu'))).toEqual({ userId: 'a', admin: false });
    t.move(2);
    expect(await t.resolve(identity('a@university.edu'))).toEqual({ userId: 'a', admin: true });
    expect(t.looked).toEqual(['a@university.edu', 'a@university.edu']);
  });

  it('keeps an entry 30 seconds at most, and nothing before a position is known', async () => {
    const t = setup();
    await t.resolve(identity('a@university.edu'));
    t.at(29_999);
    await t.resolve(identity('a@university.edu'));
    expect(t.looked).toHaveLength(1);
    t.at(30_000);
    await t.resolve(identity('a@university.edu'));
    t.move(null);
    await t.resolve(identity('a@university.edu'));
    await t.resolve(identity('a@university.edu'));
    expect(t.looked).toHaveLength(4);
  });

  it('never keeps an absent caller: someone who registers is found at once', async () => {
    const t = setup();
    t.answer(null);
    expect(await t.resolve(identity('new@university.edu'))).toBeNull();
    t.answer({ userId: 'n', admin: false });
    expect(await t.resolve(identity('new@university.edu'))).toEqual({ userId: 'n', admin: false });
  });
});
