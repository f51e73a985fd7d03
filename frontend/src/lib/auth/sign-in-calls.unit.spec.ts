import { texts } from '@campus/contracts';
import { describe, expect, it, vi } from 'vitest';
import { aConfig, aUser } from '@/testing/fixtures';
import { overlappedSignInCalls } from './sign-in-calls';
import { runSignIn, type SignInCalls } from './sign-in-machine';

const user = aUser();
const messageOf = (error: unknown) => (error instanceof Error ? error.message : null);

/** Calls that record when each starts and answer only when the test lets them. */
const heldCalls = (exists: boolean) => {
  const started: string[] = [];
  const release: Record<string, () => void> = {};
  const held =
    <T>(name: string, value: () => Promise<T>) =>
    (...args: unknown[]) => {
      started.push([name, ...args].join(' '));
      return new Promise<void>((resolve) => (release[name] = resolve)).then(value);
    };
  const calls: SignInCalls = {
    verifyToken: held('verify', () => Promise.resolve({})),
    checkUserExists: held('exists', () => Promise.resolve(exists)),
    loadProfile: held('profile', () => Promise.resolve(user)),
    loadConfig: vi.fn(() => Promise.resolve(aConfig({ universityDomain: 'university.edu' }))),
    checkApprovedEmail: vi.fn(() => Promise.resolve(false)),
  };
  return { calls, started, release };
};

describe('overlappedSignInCalls', () => {
  it('sends the existence check with the token check, once, and the profile only after both', async () => {
    const { calls, started, release } = heldCalls(true);
    const outcome = runSignIn(
      'student@university.edu',
      overlappedSignInCalls(calls, ' student@university.edu '),
      messageOf,
    );
    await vi.waitFor(() => expect(started).toHaveLength(2));
    expect(started).toEqual(['exists student@university.edu', 'verify']);
    // Answers in any order: the machine still reads them in its own.
    release.exists!();
    release.verify!();
    await vi.waitFor(() => expect(started).toHaveLength(3));
    expect(started[2]).toBe('profile student@university.edu');
    release.profile!();
    await expect(outcome).resolves.toEqual({ type: 'signedIn', user });
    expect(started).toHaveLength(3);
  });

  it('never reads the early answers when the token check fails', async () => {
    const { calls, release } = heldCalls(true);
    calls.verifyToken = () => Promise.reject(new Error(texts.auth.invalidToken));
    const outcome = runSignIn(
      'student@university.edu',
      overlappedSignInCalls(calls, 'student@university.edu'),
      messageOf,
    );
    await expect(outcome).resolves.toEqual({
      type: 'rejected',
      message: texts.auth.invalidToken,
    });
    release.exists?.();
    release.profile?.();
  });

  it('never asks a new user for a profile (it would answer 404)', async () => {
    const { calls, release, started } = heldCalls(false);
    const outcome = runSignIn(
      'new@university.edu',
      overlappedSignInCalls(calls, 'new@university.edu'),
      messageOf,
    );
    await vi.waitFor(() => expect(release.exists).toBeDefined());
    release.verify!();
    release.exists!();
    await expect(outcome).resolves.toEqual({
      type: 'needsRegistration',
      email: 'new@university.edu',
    });
    expect(started.filter((call) => call.startsWith('profile'))).toEqual([]);
  });

  it('starts nothing early for a provider user without an email', async () => {
    const { calls, started, release } = heldCalls(true);
    const overlapped = overlappedSignInCalls(calls, null);
    const verified = overlapped.verifyToken();
    expect(started).toEqual(['verify']);
    release.verify!();
    await verified;
  });
});
